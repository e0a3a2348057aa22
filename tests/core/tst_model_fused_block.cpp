// The fused CPU block computes the reference modules' function: the layout model's scores and
// every parameter gradient agree within 1e-5 with the kernels on and off, for each block variant
// and attention form, on one graph and on a padded batch of two; the first block's projected
// conv (non-configurable nodes projected once) gives the gathered conv's outputs and gradients;
// over many chunks a run is reproducible to the bit for a given thread count.
#include <QtTest>

#include <numeric>

#include <torch/types.h>
#include <torch/utils.h>

#include "model/cpu_dropout.h"
#include "model/cpu_kernels.h"
#include "model/graph_batch.h"
#include "model/layout_sage.h"
#include "model_test_graphs.h"
#include "train/torch_threads.h"

using namespace tpugraphs;

namespace {

constexpr int kFeatures = 12;

struct Result {
    torch::Tensor scores;
    std::vector<torch::Tensor> grads;
};

// Scores of the batch and the gradients of a fixed random weighting of them.
Result run(CostModelImpl& model, const ModelBatch& batch, bool fused) {
    setFusedCpuKernels(fused);
    model.zero_grad();
    Result r;
    r.scores = model.forward(batch);
    torch::manual_seed(99);
    (r.scores * torch::randn(r.scores.sizes())).sum().backward();
    for (const auto& p : model.parameters()) r.grads.push_back(p.grad().clone());
    setFusedCpuKernels(true);
    return r;
}

// Largest |a - b| relative to max(1, |b|max).
double difference(const torch::Tensor& a, const torch::Tensor& b) {
    const double scale = std::max(1.0, b.abs().max().item<double>());
    return (a - b).abs().max().item<double>() / scale;
}

// The parameter gradients of `module` (cleared after reading).
std::vector<torch::Tensor> takeGrads(torch::nn::Module& module) {
    std::vector<torch::Tensor> grads;
    for (auto& p : module.parameters()) grads.push_back(p.grad().clone());
    module.zero_grad();
    return grads;
}

}  // namespace

class TestModelFusedBlock : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { initTorchThreads(); }

    void matchesReference_data() {
        QTest::addColumn<int>("form");
        QTest::addColumn<bool>("bidirectional");
        QTest::addColumn<bool>("channel");
        QTest::addColumn<bool>("cross");
        QTest::addColumn<bool>("padded");
        const int context = int(AttentionForm::Context), first = int(AttentionForm::FirstPlace);
        QTest::newRow("context") << context << true << true << true << false;
        QTest::newRow("context, padded batch") << context << true << true << true << true;
        QTest::newRow("first-place") << first << true << true << true << false;
        QTest::newRow("first-place, padded batch") << first << true << true << true << true;
        QTest::newRow("producers only") << context << false << true << true << false;
        QTest::newRow("no channel attention") << context << true << false << true << true;
        QTest::newRow("no cross attention") << context << true << true << false << true;
        QTest::newRow("conv only") << context << false << false << false << false;
    }

    void matchesReference() {
        QFETCH(int, form);
        QFETCH(bool, bidirectional);
        QFETCH(bool, channel);
        QFETCH(bool, cross);
        QFETCH(bool, padded);
        const PreparedGraph a = test::randomLayoutGraph(70, 9, 12, kFeatures, 1);
        const PreparedGraph b = test::randomLayoutGraph(40, 5, 4, kFeatures, 2);
        std::vector<BatchItem> items{{&a, {0, 3, 5, 7, 1, 2, 11, 8}, {}, {}}};
        if (padded) items.push_back({&b, {2, 0, 3}, {}, {}});
        const GraphBatch batch = buildGraphBatch(items);
        auto model = test::layoutModel(kFeatures, 5, static_cast<AttentionForm>(form),
                                       bidirectional, channel, cross);
        const Result reference = run(*model, batch.model, false);
        const Result fused = run(*model, batch.model, true);
        double worst = difference(fused.scores, reference.scores);
        QVERIFY2(worst < 1e-5, qPrintable(QString("scores differ by %1").arg(worst)));
        const auto names = model->named_parameters();
        for (size_t i = 0; i < reference.grads.size(); ++i) {
            const double d = difference(fused.grads[i], reference.grads[i]);
            QVERIFY2(d < 1e-5, qPrintable(QString("gradient of %1 differs by %2")
                                              .arg(QString::fromStdString(names[i].key()))
                                              .arg(d)));
            worst = std::max(worst, d);
        }
        qInfo("largest relative difference of scores and gradients: %.2e", worst);
    }

    // A graph of many chunks (300 nodes x 64 configs: 19 chunks of 16 nodes) over every lane,
    // on 1, 2 and 3 threads: the fused path still computes the reference's function (the first
    // block's projected conv included), and two runs on the same thread count agree to the bit,
    // though the lanes pass between the threads in whatever order they finish.
    void manyChunksOnEveryThreadCount_data() {
        QTest::addColumn<int>("threads");
        QTest::newRow("1 thread") << 1;
        QTest::newRow("2 threads") << 2;
        QTest::newRow("3 threads") << 3;
    }

    void manyChunksOnEveryThreadCount() {
        QFETCH(int, threads);
        const int before = at::get_num_threads();
        at::set_num_threads(threads);
        const PreparedGraph g = test::randomLayoutGraph(300, 40, 64, kFeatures, 3);
        std::vector<int64_t> configs(64);
        std::iota(configs.begin(), configs.end(), 0);
        const GraphBatch batch = buildGraphBatch({{&g, configs, {}, {}}});
        auto model = test::layoutModel(kFeatures, 7);
        const Result reference = run(*model, batch.model, false);
        const Result fused = run(*model, batch.model, true);
        const Result again = run(*model, batch.model, true);
        at::set_num_threads(before);
        double worst = difference(fused.scores, reference.scores);
        for (size_t i = 0; i < reference.grads.size(); ++i)
            worst = std::max(worst, difference(fused.grads[i], reference.grads[i]));
        // The biases' gradients sum 19,200 rows that largely cancel: the two paths' float
        // rounding reaches 1e-5 there (9e-6 before the lanes were handed over, too).
        QVERIFY2(worst < 5e-5, qPrintable(QString("differs from the reference by %1").arg(worst)));
        QVERIFY(torch::equal(again.scores, fused.scores));
        for (size_t i = 0; i < fused.grads.size(); ++i)
            QVERIFY2(torch::equal(again.grads[i], fused.grads[i]),
                     qPrintable(QString("gradient %1 differs between two runs").arg(i)));
        qInfo("largest relative difference from the reference: %.2e", worst);
    }

    // One block on an input that varies along K only at the configurable nodes (as the layout
    // join's output does): with configNodes the conv projects the other nodes once; output,
    // parameter gradients and the input gradient (summed over K at the other nodes) are those
    // of the gathered conv.
    void projectedConvMatchesGathered_data() {
        QTest::addColumn<int>("configurable");
        QTest::addColumn<bool>("bidirectional");
        QTest::addColumn<bool>("channel");
        QTest::addColumn<bool>("padded");
        QTest::newRow("9 of 70 configurable") << 9 << true << true << false;
        QTest::newRow("padded batch") << 9 << true << true << true;
        QTest::newRow("producers only") << 9 << false << true << true;
        QTest::newRow("no channel attention") << 9 << true << false << false;
        QTest::newRow("every node configurable") << 70 << true << true << false;
        QTest::newRow("one configurable") << 1 << true << true << true;
    }

    void projectedConvMatchesGathered() {
        QFETCH(int, configurable);
        QFETCH(bool, bidirectional);
        QFETCH(bool, channel);
        QFETCH(bool, padded);
        const PreparedGraph a = test::randomLayoutGraph(70, configurable, 12, kFeatures, 4);
        const PreparedGraph b = test::randomLayoutGraph(40, 5, 4, kFeatures, 5);
        std::vector<BatchItem> items{{&a, {0, 3, 5, 7, 1, 2, 11, 8}, {}, {}}};
        if (padded) items.push_back({&b, {2, 0, 3}, {}, {}});
        const ModelBatch batch = buildGraphBatch(items).model;
        const int64_t nodes = batch.topology.nodeGraph.size(0), h = 16;
        torch::manual_seed(6);
        SageBlock block(
            SageBlockOptions{h, bidirectional, channel, true, 0.0, AttentionForm::Context});
        torch::Tensor input = torch::randn({nodes, 1, h}).expand({-1, batch.configs, -1}).clone();
        input.index_put_({batch.configNodes},
                         torch::randn({batch.configNodes.size(0), batch.configs, h}));
        const torch::Tensor weighting = torch::randn(input.sizes());
        Result gathered, projected;
        for (const bool project : {false, true}) {
            Result& r = project ? projected : gathered;
            const torch::Tensor x = input.clone().requires_grad_(true);
            r.scores = fusedSageBlock(x, block->fusedParameters(), batch.topology, batch.configMask,
                                      AttentionForm::Context,
                                      project ? batch.configNodes : torch::Tensor());
            (r.scores * weighting).sum().backward();
            r.grads = takeGrads(*block);
            // The input's gradient: whole at the configurable nodes, summed over K at the
            // others (the input is broadcast there; projected_conv.h).
            r.grads.push_back(x.grad().index({batch.configNodes}));
            r.grads.push_back(x.grad().sum(1));
        }
        double worst = difference(projected.scores, gathered.scores);
        for (size_t i = 0; i < gathered.grads.size(); ++i)
            worst = std::max(worst, difference(projected.grads[i], gathered.grads[i]));
        QVERIFY2(worst < 1e-5, qPrintable(QString("differs by %1").arg(worst)));
        qInfo("largest relative difference of outputs and gradients: %.2e", worst);
    }

    // With dropout in training, the model (which hands the first block its configurable nodes)
    // trains exactly as the same blocks called without them: the first block's input holds no
    // per-config randomness, dropout masks are drawn after each block in the same order.
    void projectedConvUnderDropout() {
        const PreparedGraph a = test::randomLayoutGraph(60, 7, 10, kFeatures, 7);
        const ModelBatch batch = buildGraphBatch({{&a, {0, 1, 2, 3, 4, 5, 6, 7}, {}, {}}}).model;
        CostModelOptions options = test::layoutModelOptions(kFeatures);
        options.dropout = 0.3;
        torch::manual_seed(8);
        LayoutSage model(options);
        model->train();
        const torch::Tensor weighting = torch::randn({1, batch.configs});
        torch::manual_seed(9);
        const torch::Tensor scores = model->forward(batch);
        (scores * weighting).sum().backward();
        const std::vector<torch::Tensor> projected = takeGrads(*model);
        torch::manual_seed(9);
        torch::Tensor x = model->joinConfigs(model->encoder(batch.nodeFeat, batch.opcode), batch);
        for (const auto& module : *model->blocks)
            x = module->as<SageBlock>()->forward(x, batch.topology, batch.configMask);
        const torch::Tensor plain = sumPerGraph(model->nodeScore(x).squeeze(-1), batch.topology);
        (plain * weighting).sum().backward();
        const std::vector<torch::Tensor> gathered = takeGrads(*model);
        QVERIFY(!torch::equal(plain, model->forward(batch)));  // dropout is on
        double worst = difference(scores, plain);
        for (size_t i = 0; i < gathered.size(); ++i)
            worst = std::max(worst, difference(projected[i], gathered[i]));
        QVERIFY2(worst < 1e-5, qPrintable(QString("differs by %1").arg(worst)));
    }

    // Training mode with dropout off is the same function as eval mode; the fused block also
    // runs without gradients (validation, prediction).
    void runsWithoutGradients() {
        const PreparedGraph a = test::randomLayoutGraph(50, 6, 10, kFeatures, 3);
        const GraphBatch batch = buildGraphBatch({{&a, {0, 1, 2, 3, 4, 5}, {}, {}}});
        auto model = test::layoutModel(kFeatures, 6);
        torch::Tensor reference;
        {
            torch::NoGradGuard noGrad;
            setFusedCpuKernels(false);
            reference = model->forward(batch.model);
            setFusedCpuKernels(true);
            QVERIFY(difference(model->forward(batch.model), reference) < 1e-5);
        }
    }

    // The parallel dropout: keeps ~1 - p of the elements, scaled; backward uses the same mask;
    // the seed fixes the mask; outside training it is the identity.
    void dropoutKeepsScalesAndReproduces() {
        const double p = 0.1;
        const torch::Tensor x = torch::rand({300, 64, 32}) + 0.5;  // no zeros of its own
        torch::manual_seed(5);
        const torch::Tensor input = x.clone().requires_grad_(true);
        const torch::Tensor y = cpuDropout(input, p, true);
        const torch::Tensor kept = y != 0;
        const double keptShare = kept.to(torch::kDouble).mean().item<double>();
        QVERIFY2(std::abs(keptShare - (1 - p)) < 0.005, qPrintable(QString::number(keptShare)));
        QVERIFY(torch::allclose(y.masked_select(kept), x.masked_select(kept) / (1 - p)));
        y.sum().backward();
        QVERIFY(torch::equal(input.grad() != 0, kept));
        QVERIFY(torch::allclose(input.grad().masked_select(kept),
                                torch::full({kept.sum().item<int64_t>()}, 1 / (1 - p))));
        torch::manual_seed(5);
        QVERIFY(torch::equal(cpuDropout(x, p, true), y.detach()));
        QVERIFY(!torch::equal(cpuDropout(x, p, true), y.detach()));  // the next draw differs
        QVERIFY(torch::equal(cpuDropout(x, p, false), x));
        // Neighbouring elements are independent (two per hash): no pair always kept together.
        const torch::Tensor pairs = kept.view({-1, 2});
        const double both =
            (pairs.select(1, 0) & pairs.select(1, 1)).to(torch::kDouble).mean().item<double>();
        QVERIFY2(std::abs(both - (1 - p) * (1 - p)) < 0.005, qPrintable(QString::number(both)));
    }
};

QTEST_GUILESS_MAIN(TestModelFusedBlock)
#include "tst_model_fused_block.moc"
