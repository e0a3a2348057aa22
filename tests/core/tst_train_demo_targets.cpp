// The quality targets on the generated demo dataset: a trained tile model reaches a validation
// top-5 score of at least 0.97 and a trained layout model a Kendall tau of at least 0.8. Each is
// also compared with what the 1 % measurement noise allows: the same metric for an oracle that
// ranks by the noiseless runtimes (the same graphs generated with noise 0).
#include <QtTest>

#include <filesystem>

#include "data/graph_io.h"
#include "metrics/kendall.h"
#include "metrics/tile_metrics.h"
#include "synth/generator.h"
#include "train/torch_threads.h"
#include "train/trainer.h"

using namespace tpugraphs;

namespace {

constexpr uint64_t kSeed = 7;

std::string generate(const QTemporaryDir& dir, const char* name, double noise) {
    GeneratorOptions options;
    options.preset = GeneratorPreset::Demo;
    options.seed = kSeed;
    options.collections = {Collection::TileXla, Collection::LayoutXlaDefault};
    options.splits = {Split::Train, Split::Valid};
    options.noise = noise;
    const std::string root = dir.path().toStdString() + "/" + name;
    generateDataset(root, options);
    return root;
}

std::vector<std::string> validFiles(const std::string& root, const char* collectionDir) {
    std::vector<std::string> files;
    for (const auto& entry :
         std::filesystem::directory_iterator(root + "/npz/" + collectionDir + "/valid"))
        files.push_back(entry.path().filename().string());
    return files;
}

std::vector<double> tileRuntimes(const TileGraph& g) {
    std::vector<double> runtimes;
    for (size_t i = 0; i < g.configRuntime.size(); ++i)
        runtimes.push_back(double(g.configRuntime[i]) / double(g.configRuntimeNormalizers[i]));
    return runtimes;
}

// Mean over valid graphs of the metric an oracle ranking by noiseless runtimes gets.
double oracleTileScore(const std::string& noisy, const std::string& clean) {
    double sum = 0;
    const auto files = validFiles(noisy, "tile/xla");
    for (const auto& name : files) {
        const auto measured = tileRuntimes(readTileGraph(noisy + "/npz/tile/xla/valid/" + name));
        const auto truth = tileRuntimes(readTileGraph(clean + "/npz/tile/xla/valid/" + name));
        sum += 1.0 - topKError(std::vector<float>(truth.begin(), truth.end()), measured, 5);
    }
    return sum / double(files.size());
}

double oracleLayoutKendall(const std::string& noisy, const std::string& clean) {
    double sum = 0;
    const auto files = validFiles(noisy, "layout/xla/default");
    for (const auto& name : files) {
        const std::string path = "/npz/layout/xla/default/valid/" + name;
        const auto measured = readLayoutGraph(noisy + path).configRuntime;
        const auto truth = readLayoutGraph(clean + path).configRuntime;
        sum += kendallTau(std::vector<double>(truth.begin(), truth.end()),
                          std::vector<double>(measured.begin(), measured.end()));
    }
    return sum / double(files.size());
}

}  // namespace

class TestTrainDemoTargets : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        initTorchThreads();
        QVERIFY(m_dir.isValid());
        m_root = generate(m_dir, "demo", 0.01);
        m_clean = generate(m_dir, "demo-noiseless", 0.0);
    }

    // The early-join model (config features joined to every node before message passing).
    void tileTopFiveScore() {
        const TrainResult result =
            train(demoRun(Collection::TileXla, ModelType::TileEarlyJoinSage, 400, 50));
        const double oracle = oracleTileScore(m_root, m_clean);
        qInfo(
            "tile early-join-sage: best valid top-5 score %.4f at step %lld (oracle on "
            "noiseless runtimes: %.4f)",
            result.best.topKScore, static_cast<long long>(result.bestStep), oracle);
        QVERIFY(oracle > 0.99);
        QVERIFY2(result.best.topKScore >= 0.97, "tile top-5 score below the 0.97 target");
    }

    void layoutKendall() {
        TrainOptions options =
            demoRun(Collection::LayoutXlaDefault, ModelType::LayoutSage, 300, 100);
        options.learningRate = 2e-3;
        const TrainResult result = train(options);
        const double oracle = oracleLayoutKendall(m_root, m_clean);
        qInfo(
            "layout-sage: best valid Kendall tau %.4f at step %lld (oracle on noiseless "
            "runtimes: %.4f)",
            result.best.kendall, static_cast<long long>(result.bestStep), oracle);
        QVERIFY(oracle > 0.9);
        QVERIFY2(result.best.kendall >= 0.8, "layout Kendall tau below the 0.8 target");
    }

private:
    // Default options but the model, the length and the validation interval.
    TrainOptions demoRun(Collection collection, ModelType model, int64_t steps,
                         int validationInterval) const {
        TrainOptions options;
        options.datasetRoot = m_root;
        options.runDir = m_dir.path().toStdString() + "/" + modelTypeName(model);
        options.collection = collection;
        options.model = model;
        options.steps = steps;
        options.validationInterval = validationInterval;
        return options;
    }

    QTemporaryDir m_dir;
    std::string m_root, m_clean;
};

QTEST_GUILESS_MAIN(TestTrainDemoTargets)
#include "tst_train_demo_targets.moc"
