// The fused CPU block computes the reference modules' function: the layout model's scores and
// every parameter gradient agree within 1e-5 with the kernels on and off, for each block variant
// and attention form, on one graph and on a padded batch of two.
#include <QtTest>

#include <torch/types.h>
#include <torch/utils.h>

#include "model/cpu_dropout.h"
#include "model/cpu_kernels.h"
#include "model/graph_batch.h"
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
        const double both = (pairs.select(1, 0) & pairs.select(1, 1)).to(torch::kDouble)
                                .mean()
                                .item<double>();
        QVERIFY2(std::abs(both - (1 - p) * (1 - p)) < 0.005, qPrintable(QString::number(both)));
    }
};

QTEST_GUILESS_MAIN(TestModelFusedBlock)
#include "tst_model_fused_block.moc"
