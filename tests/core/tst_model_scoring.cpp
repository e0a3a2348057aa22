// Scoring configs for validation and prediction: chunks of the training K in shuffled orders
// (test-time averaging) must give every config its own score back, whatever the chunking.
#include <QtTest>

#include <torch/types.h>

#include "model/config_scorer.h"
#include "train/torch_threads.h"

using namespace tpugraphs;

namespace {

// A model that "compares configs" (so the scorer shuffles and chunks) but scores each config by
// its first feature alone, and records the chunk sizes it was given.
struct ConfigEcho : CostModelImpl {
    std::vector<int64_t> chunks;
    torch::Tensor forward(const ModelBatch& batch) override {
        chunks.push_back(batch.configs);
        return batch.configFeat.select(-1, 0);  // [G, K]
    }
    bool comparesConfigs() const override { return true; }
};

PreparedGraph tileGraph(int64_t configs) {
    PreparedGraph g;
    g.name = "g";
    g.kind = GraphKind::Tile;
    g.nodes = 1;
    g.featureColumns = 1;
    g.nodeFeat = {0.0f};
    g.opcode = {1};
    g.configColumns = 2;
    for (int64_t c = 0; c < configs; ++c) {
        g.configFeat.push_back(1.5f * float(c));
        g.configFeat.push_back(0.0f);
        g.runtime.push_back(1.0);
    }
    return g;
}

}  // namespace

class TestModelScoring : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { initTorchThreads(); }

    void averagedShuffledChunksReturnScoresToTheirConfigs() {
        const PreparedGraph graph = tileGraph(10);
        ConfigEcho model;
        ScoreOptions options;
        options.chunk = 3;
        options.averages = 4;
        options.seed = 11;
        std::vector<int64_t> progress;
        options.progress = [&](int64_t done, int64_t total) {
            QCOMPARE(total, int64_t(40));
            progress.push_back(done);
        };
        const std::vector<int64_t> configs{7, 2, 9, 0, 1, 3, 4, 5, 6, 8};
        const auto scores = scoreConfigs(model, graph, configs, torch::kCPU, options);
        for (size_t i = 0; i < configs.size(); ++i) QCOMPARE(scores[i], 1.5f * float(configs[i]));
        // 4 rounds of 4 chunks, each of exactly K = 3 configs (the last topped up).
        QCOMPARE(model.chunks, std::vector<int64_t>(16, 3));
        QCOMPARE(progress.back(), int64_t(40));
    }

    void graphSmallerThanTheChunkIsScoredWhole() {
        const PreparedGraph graph = tileGraph(2);
        ConfigEcho model;
        ScoreOptions options;
        options.chunk = 64;
        options.averages = 3;
        const auto scores = scoreConfigs(model, graph, {1, 0}, torch::kCPU, options);
        QCOMPARE(scores, (std::vector<float>{1.5f, 0.0f}));
        QCOMPARE(model.chunks, std::vector<int64_t>(3, 2));
    }
};

QTEST_GUILESS_MAIN(TestModelScoring)
#include "tst_model_scoring.moc"
