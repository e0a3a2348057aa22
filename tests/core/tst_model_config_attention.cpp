// Cross-config attention properties of the layout model, for both attention forms and both the
// fused CPU kernels and the reference modules: padded config slots cannot change the real
// configs' scores, and permuting the configs permutes the scores.
#include <QtTest>

#include <torch/types.h>
#include <torch/utils.h>

#include "model/cpu_kernels.h"
#include "model/graph_batch.h"
#include "model_test_graphs.h"
#include "train/torch_threads.h"
#include "train/train_options.h"

using namespace tpugraphs;

namespace {

constexpr int kFeatures = 10;

torch::Tensor scores(CostModelImpl& model, const std::vector<BatchItem>& items) {
    torch::NoGradGuard noGrad;
    return model.forward(buildGraphBatch(items).model);
}

double difference(const torch::Tensor& a, const torch::Tensor& b) {
    return (a - b).abs().max().item<double>() / std::max(1.0, b.abs().max().item<double>());
}

}  // namespace

class TestModelConfigAttention : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { initTorchThreads(); }
    void cleanup() { setFusedCpuKernels(true); }

    // options.json stores the form; runs written before the field existed read as Context.
    void formIsStoredInOptions() {
        TrainOptions options;
        options.attentionForm = AttentionForm::FirstPlace;
        const std::string json = trainOptionsToJson(options);
        QVERIFY(json.find("\"attention_form\": \"first-place\"") != std::string::npos);
        QVERIFY(trainOptionsFromJson(json, "test").attentionForm == AttentionForm::FirstPlace);
        QVERIFY(trainOptionsFromJson("{\"model\": \"layout-sage\"}", "old").attentionForm ==
                AttentionForm::Context);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 trainOptionsFromJson("{\"attention_form\": \"x\"}", "bad"));
    }

    void cases_data() {
        QTest::addColumn<int>("form");
        QTest::addColumn<bool>("fused");
        for (const bool fused : {true, false}) {
            const char* kernels = fused ? "fused" : "reference";
            QTest::addRow("context, %s", kernels) << int(AttentionForm::Context) << fused;
            QTest::addRow("first-place, %s", kernels) << int(AttentionForm::FirstPlace) << fused;
        }
    }

    // A graph with 3 configs batched beside one with 8 gets 5 padded slots (repeats of its own
    // configs); its 3 scores must be those it gets alone, however many slots are padded.
    void paddingCannotChangeRealScores_data() { cases_data(); }
    void paddingCannotChangeRealScores() {
        QFETCH(int, form);
        QFETCH(bool, fused);
        setFusedCpuKernels(fused);
        const PreparedGraph a = test::randomLayoutGraph(60, 8, 12, kFeatures, 11);
        const PreparedGraph b = test::randomLayoutGraph(45, 6, 5, kFeatures, 12);
        auto model = test::layoutModel(kFeatures, 21, static_cast<AttentionForm>(form));
        const BatchItem small{&b, {4, 1, 2}, {}, {}};
        const auto alone = scores(*model, {small});
        for (const int64_t k : {5, 8}) {
            BatchItem large{&a, {}, {}, {}};
            for (int64_t c = 0; c < k; ++c) large.configs.push_back(c);
            const auto batched = scores(*model, {large, small});
            QCOMPARE(batched.sizes().vec(), (std::vector<int64_t>{2, k}));
            const double d = difference(batched[1].narrow(0, 0, 3), alone[0]);
            QVERIFY2(d < 1e-5, qPrintable(QString("K %1: real scores moved by %2").arg(k).arg(d)));
        }
    }

    void permutingConfigsPermutesScores_data() { cases_data(); }
    void permutingConfigsPermutesScores() {
        QFETCH(int, form);
        QFETCH(bool, fused);
        setFusedCpuKernels(fused);
        const PreparedGraph g = test::randomLayoutGraph(80, 10, 16, kFeatures, 13);
        auto model = test::layoutModel(kFeatures, 22, static_cast<AttentionForm>(form));
        const std::vector<int64_t> configs{0, 3, 5, 7, 9, 11, 13, 15, 2};
        std::vector<int64_t> order{6, 2, 8, 0, 4, 1, 7, 3, 5};
        std::vector<int64_t> permuted;
        for (const int64_t i : order) permuted.push_back(configs[i]);
        const auto original = scores(*model, {{&g, configs, {}, {}}});
        const auto shuffled = scores(*model, {{&g, permuted, {}, {}}});
        const auto expected = original.index_select(1, torch::tensor(order));
        const double d = difference(shuffled, expected);
        QVERIFY2(d < 1e-5, qPrintable(QString("permuted scores differ by %1").arg(d)));
        // The scores depend on the other configs (cross-config attention is on).
        const auto fewer = scores(*model, {{&g, {0, 3, 5}, {}, {}}});
        QVERIFY(difference(fewer[0], original[0].narrow(0, 0, 3)) > 1e-4);
    }
};

QTEST_GUILESS_MAIN(TestModelConfigAttention)
#include "tst_model_config_attention.moc"
