// Unit tests of the flat-buffer optimiser (FlatAdam) against LibTorch's own Adam / AdamW and
// gradient clipping, its checkpoint round trip, and the score head's late-join input split.
#include <QtTest>

#include <torch/nn/functional/linear.h>
#include <torch/nn/modules/activation.h>
#include <torch/nn/modules/container/sequential.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/utils/clip_grad.h>
#include <torch/optim/adam.h>
#include <torch/optim/adamw.h>
#include <torch/serialize/archive.h>
#include <torch/types.h>
#include <torch/utils.h>

#include "model/flat_adam.h"
#include "model/score_head.h"
#include "train/torch_threads.h"

using namespace tpugraphs;

namespace {

// A small two-layer network; `seed` fixes its initial weights.
torch::nn::Sequential network(uint64_t seed) {
    torch::manual_seed(seed);
    return torch::nn::Sequential(torch::nn::Linear(6, 5), torch::nn::ReLU(),
                                 torch::nn::Linear(5, 1));
}

void backwardOnce(torch::nn::Sequential& net, int step) {
    torch::manual_seed(100 + step);
    auto x = torch::randn({16, 6});
    net->forward(x).pow(2).mean().backward();
}

float maxDifference(torch::nn::Sequential& a, torch::nn::Sequential& b) {
    float worst = 0;
    auto pa = a->parameters(), pb = b->parameters();
    for (size_t i = 0; i < pa.size(); ++i)
        worst = std::max(worst, (pa[i] - pb[i]).abs().max().item<float>());
    return worst;
}

}  // namespace

class TestModelOptimizer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { initTorchThreads(); }

    void matchesLibTorchAdam_data() {
        QTest::addColumn<bool>("decoupled");
        QTest::newRow("adamw") << true;
        QTest::newRow("adam") << false;
    }

    void matchesLibTorchAdam() {
        QFETCH(bool, decoupled);
        auto reference = network(1), flat = network(1);
        std::unique_ptr<torch::optim::Optimizer> torchOptimizer;
        if (decoupled)
            torchOptimizer = std::make_unique<torch::optim::AdamW>(
                reference->parameters(), torch::optim::AdamWOptions(0.01).weight_decay(0.1));
        else
            torchOptimizer = std::make_unique<torch::optim::Adam>(
                reference->parameters(), torch::optim::AdamOptions(0.01).weight_decay(0.1));
        FlatAdamOptions options;
        options.learningRate = 0.01;
        options.weightDecay = 0.1;
        options.decoupledWeightDecay = decoupled;
        FlatAdam optimizer(flat->parameters(), options);
        for (int step = 0; step < 20; ++step) {
            torchOptimizer->zero_grad();
            optimizer.zeroGrad();
            backwardOnce(reference, step);
            backwardOnce(flat, step);
            torchOptimizer->step();
            optimizer.step();
        }
        QCOMPARE(optimizer.steps(), int64_t(20));
        const float moved =
            (flat->parameters()[0] - network(1)->parameters()[0]).abs().max().item<float>();
        QVERIFY2(moved > 0.05f, "the weights should have moved");
        QVERIFY2(maxDifference(reference, flat) < 1e-5f, "FlatAdam differs from LibTorch's Adam");
    }

    // With zero gradients only weight decay moves the weights: the excluded ones stay as they
    // are, the others shrink.
    void decayMaskExcludesParameters_data() {
        QTest::addColumn<bool>("decoupled");
        QTest::newRow("adamw") << true;
        QTest::newRow("adam") << false;
    }
    void decayMaskExcludesParameters() {
        QFETCH(bool, decoupled);
        auto net = network(5), start = network(5);
        FlatAdamOptions options;
        options.learningRate = 0.01;
        options.weightDecay = 0.5;
        options.decoupledWeightDecay = decoupled;
        // Parameters: weight 0, bias 0, weight 2, bias 2: decay on the weights only.
        FlatAdam optimizer(net->parameters(), options, {true, false, true, false});
        for (int step = 0; step < 10; ++step) {
            optimizer.zeroGrad();
            optimizer.step();
        }
        auto now = net->parameters(), before = start->parameters();
        for (size_t i : {1, 3}) QVERIFY(torch::equal(now[i], before[i]));
        for (size_t i : {0, 2})
            QVERIFY2(now[i].abs().sum().item<float>() < 0.99f * before[i].abs().sum().item<float>(),
                     "decayed weights must shrink");
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 FlatAdam(network(5)->parameters(), options, {true}));
    }

    void clipMatchesLibTorch() {
        auto reference = network(2), flat = network(2);
        FlatAdam optimizer(flat->parameters(), {});
        optimizer.zeroGrad();
        backwardOnce(reference, 0);
        backwardOnce(flat, 0);
        const double expected = torch::nn::utils::clip_grad_norm_(reference->parameters(), 0.05);
        const double norm = optimizer.clipGradNorm(0.05);
        QVERIFY(std::abs(norm - expected) < 1e-5 * expected);
        QVERIFY(norm > 0.05);  // so clipping did something
        auto pa = reference->parameters(), pb = flat->parameters();
        for (size_t i = 0; i < pa.size(); ++i)
            QVERIFY((pa[i].grad() - pb[i].grad()).abs().max().item<float>() < 1e-7f);
    }

    // Saving, loading into a fresh model (whose weights LibTorch's loader replaces) and
    // continuing gives the same weights as never stopping.
    void saveLoadContinuesExactly() {
        auto straight = network(3), resumed = network(4);
        FlatAdam a(straight->parameters(), {});
        for (int step = 0; step < 5; ++step) {
            a.zeroGrad();
            backwardOnce(straight, step);
            a.step();
        }
        torch::serialize::OutputArchive weights, state;
        straight->save(weights);
        a.save(state);
        std::stringstream weightBytes, stateBytes;
        weights.save_to(weightBytes);
        state.save_to(stateBytes);

        FlatAdam b(resumed->parameters(), {});
        torch::serialize::InputArchive weightsIn, stateIn;
        weightsIn.load_from(weightBytes);
        stateIn.load_from(stateBytes);
        resumed->load(weightsIn);
        b.rebind();
        b.load(stateIn);
        QCOMPARE(b.steps(), int64_t(5));
        for (int step = 5; step < 8; ++step) {
            a.zeroGrad();
            b.zeroGrad();
            backwardOnce(straight, step);
            backwardOnce(resumed, step);
            a.step();
            b.step();
        }
        QCOMPARE(maxDifference(straight, resumed), 0.0f);
    }

    void loadRejectsOtherModel() {
        auto small = network(5);
        FlatAdam a(small->parameters(), {});
        torch::serialize::OutputArchive state;
        a.save(state);
        std::stringstream bytes;
        state.save_to(bytes);
        torch::manual_seed(6);
        torch::nn::Linear other(3, 2);
        FlatAdam b(other->parameters(), {});
        torch::serialize::InputArchive in;
        in.load_from(bytes);
        try {
            b.load(in);
            QFAIL("loading another model's state should throw");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString(e.what()).contains("holds 41 values, the model has 8"), e.what());
        }
    }

    // forwardJoined(x, graph) is the head applied to [graph, x] joined on every row.
    void joinedHeadEqualsConcatenation() {
        torch::manual_seed(7);
        ScoreHead head(ScoreHeadOptions{3, 8, 0.0, 5});
        auto x = torch::randn({2, 4, 3}), graph = torch::randn({2, 5});
        auto joined = head->forwardJoined(x, graph);
        QCOMPARE(joined.sizes().vec(), (std::vector<int64_t>{2, 4}));
        auto weight = torch::cat({head->input->weight, head->graphInput->weight}, 1);
        auto first = torch::nn::functional::linear(
            torch::cat({x, graph.unsqueeze(1).expand({2, 4, 5})}, -1), weight, head->input->bias);
        auto expected = head->rest->forward(first).squeeze(-1);
        QVERIFY((joined - expected).abs().max().item<float>() < 1e-5f);
        QVERIFY(joined.std().item<float>() > 0);  // not a constant output
    }
};

QTEST_GUILESS_MAIN(TestModelOptimizer)
#include "tst_model_optimizer.moc"
