// The training option table and what is built from it: flags equal to the options.json keys,
// defaults that parse and lie in their ranges for every collection, ranges enforced with a
// clear message, JSON round trips (and the files of earlier versions), resume rules, the
// options that differ from the defaults; the table as the one owner of every default (the
// model's and the step budget's sizes, the predictor's device); and the named random streams.
#include <QtTest>

#include <set>

#include "train/component_options.h"
#include "train/option_table.h"
#include "train/predictor.h"
#include "train/random_streams.h"
#include "train/step_budget.h"
#include "train/train_options.h"

using namespace tpugraphs;

class TestTrainOptions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tableKeysAreUniqueAndFlagsEqualKeys() {
        std::set<std::string> keys, flags;
        for (const OptionSpec& spec : trainOptionTable()) {
            QVERIFY2(keys.insert(spec.key).second, spec.key.c_str());
            std::string flag = optionFlag(spec);
            QVERIFY(flags.insert(flag).second);
            std::replace(flag.begin(), flag.end(), '-', '_');
            QCOMPARE(flag, "__" + spec.key);
            QVERIFY(!spec.label.empty() && !spec.help.empty());
            for (const std::string& alias : spec.aliases) QVERIFY(flags.insert(alias).second);
        }
        QVERIFY(findTrainOption("learning_rate"));
        QVERIFY(!findTrainOption("lr"));
    }

    void defaultsParseAndLieInTheirRanges() {
        for (Collection c : kCollections) {
            const TrainOptions o = defaultTrainOptions(c);
            QVERIFY(o.collection == c);
            QVERIFY(modelGraphKind(o.model) == collectionKind(c));
            for (const OptionSpec& spec : trainOptionTable())
                QVERIFY2(optionRangeProblem(spec, o).empty(), spec.key.c_str());
        }
        QCOMPARE(defaultTrainOptions(Collection::LayoutNlpRandom).configsPerGraph, 128);
        QCOMPARE(defaultTrainOptions(Collection::TileXla).configsPerGraph, 64);
        QCOMPARE(TrainOptions().learningRate, 1e-3);
    }

    // Every default is the table's: a default-constructed TrainOptions holds tile:xla's, and the
    // model, the step budget and the predictor built from defaults read theirs through it.
    void theTableOwnsEveryDefault() {
        const TrainOptions plain;
        for (const OptionSpec& spec : trainOptionTable())
            if (!spec.defaults[0].empty())
                QVERIFY2(spec.get(plain) == spec.defaults[0], spec.key.c_str());
        for (Collection c : kCollections) {
            const TrainOptions defaults = defaultTrainOptions(c);
            const auto number = [c](const char* key) { return std::stod(optionDefault(key, c)); };
            const CostModelOptions model = costModelOptions(defaults, 7, 3);
            QCOMPARE(model.hidden, int64_t(number("hidden_dim")));
            QCOMPARE(model.layers, int64_t(number("layers")));
            QCOMPARE(model.opcodeEmbedding, int64_t(number("opcode_embedding")));
            QCOMPARE(model.dropout, number("dropout"));
            QCOMPARE(std::string(modelTypeName(model.type)), optionDefault("model", c));
            QCOMPARE(model.bidirectional, optionDefault("bidirectional", c) == "true");
            QCOMPARE(std::string(layoutReadoutName(model.readout)), optionDefault("readout", c));
            QCOMPARE(std::string(attentionFormName(model.attentionForm)),
                     optionDefault("attention_form", c));
            QVERIFY(model.nodeFeatures == 7 && model.configFeatures == 3);
            const StepBudget budget = stepBudgetOf(defaults);
            QCOMPARE(budget.hidden, int(number("hidden_dim")));
            QCOMPARE(budget.blocks, int(number("layers")));
            QCOMPARE(budget.bytes, int64_t(number("max_step_mb")) * 1024 * 1024);
        }
        QCOMPARE(PredictOptions().device, optionDefault("device"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, optionDefault("lr"));
    }

    void outOfRangeIsRefusedWithItsRange() {
        TrainOptions o;
        o.learningRate = 1000;
        try {
            checkTrainOptions(o);
            QFAIL("learning rate 1000 accepted");
        } catch (const std::invalid_argument& e) {
            QCOMPARE(QString(e.what()), QString("--learning-rate 1000 is out of range: 0 to 1"));
        }
        o = TrainOptions();
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 setTrainOption(o, *findTrainOption("steps"), "12.5"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 setTrainOption(o, *findTrainOption("loss"), "hinge"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 setTrainOption(o, *findTrainOption("collapse_duplicates"), "yes"));
        o.model = ModelType::LayoutSage;  // on tile:xla
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, checkTrainOptions(o));
    }

    void everyOptionRoundTripsThroughJson() {
        TrainOptions o = defaultTrainOptions(Collection::LayoutXlaRandom);
        o.learningRate = 3.5e-4;
        o.trainSplits = {Split::Train, Split::Valid};
        o.onlyGraphs = {"a", "b"};
        o.crossConfigAttention = false;
        o.seed = 123456789;
        o.segmentNodes = 5000;
        const TrainOptions back = trainOptionsFromJson(trainOptionsToJson(o), "test");
        for (const OptionSpec& spec : trainOptionTable()) QCOMPARE(spec.get(back), spec.get(o));
    }

    void earlierFilesAreRead() {
        const TrainOptions old = trainOptionsFromJson(
            R"({"dataset_root": "/data", "collection": "layout:xla:random",
                "model": "layout-sage", "configs_per_graph": 0, "dropout": -1})",
            "old.json");
        QCOMPARE(old.datasetRoot, std::string("/data"));
        QCOMPARE(old.configsPerGraph, 128);  // 0 meant the collection's default
        QCOMPARE(old.dropout, defaultTrainOptions(Collection::LayoutXlaRandom).dropout);
        QVERIFY(old.decayAllParameters && !old.markLayoutPadding && !old.tileRelativeFeatures);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 trainOptionsFromJson(R"({"loss": "hinge"})", "bad.json"));
    }

    void resumeChangesOnlyWhatItMay() {
        TrainOptions run = defaultTrainOptions(Collection::TileXla);
        run.steps = 100;
        const TrainOptions resumed = resumeOptions(run, 40, 100, {{"max_step_mb", "512"}});
        QVERIFY(resumed.resume);
        QCOMPARE(resumed.maxStepMb, 512);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 resumeOptions(run, 40, 100, {{"learning_rate", "0.01"}}));
        // Giving an option its run's own value is no change.
        QCOMPARE(resumeOptions(run, 40, 100, {{"learning_rate", "0.001"}}).learningRate, 1e-3);
        // A complete run goes on only to a larger length.
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, resumeOptions(run, 100, 100, {}));
        QCOMPARE(resumeOptions(run, 100, 100, {{"steps", "200"}}).steps, int64_t(200));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 resumeOptions(run, 60, 100, {{"steps", "50"}}));
    }

    void changedKeysNameWhatDiffersFromTheDefaults() {
        TrainOptions o = defaultTrainOptions(Collection::LayoutNlpDefault);
        o.datasetRoot = "/data";
        o.runDir = "/runs/x";
        QVERIFY(changedOptionKeys(o).empty());
        o.dropout = 0.2;
        o.steps = 500;
        QCOMPARE(changedOptionKeys(o), (std::vector<std::string>{"dropout", "steps"}));
    }

    void helpSaysDefaultRangeAndResume() {
        const std::string help = optionHelp(*findTrainOption("learning_rate"));
        QVERIFY2(help.find("default 0.001") != std::string::npos &&
                     help.find("0 to 1") != std::string::npos &&
                     help.find("fixed on --resume") != std::string::npos,
                 help.c_str());
        const std::string configs = optionHelp(*findTrainOption("configs_per_graph"));
        QVERIFY2(configs.find("layout:nlp:random 128") != std::string::npos, configs.c_str());
    }

    // Every stream, index and part gives its own seed: no two purposes draw the same numbers
    // (held-out configs of graph i and the sampling of step i once did).
    void randomStreamsDiffer() {
        std::set<uint64_t> seeds;
        int draws = 0;
        for (uint64_t seed : {0ull, 1ull, 42ull})
            for (auto stream :
                 {RandomStream::ModelInit, RandomStream::EpochOrder, RandomStream::StepSampling,
                  RandomStream::Dropout, RandomStream::HoldoutConfigs,
                  RandomStream::ValidationSubset, RandomStream::ScoreOrder})
                for (uint64_t index = 0; index < 50; ++index)
                    for (uint64_t part = 0; part < 3; ++part, ++draws)
                        seeds.insert(streamSeed(seed, stream, index, part));
        QCOMPARE(int(seeds.size()), draws);
        QVERIFY(streamSeed(3, RandomStream::HoldoutConfigs, 5) !=
                streamSeed(3, RandomStream::StepSampling, 5));
        QCOMPARE(streamSeed(3, RandomStream::Dropout, 7, 1),
                 streamSeed(3, RandomStream::Dropout, 7, 1));
    }
};

QTEST_GUILESS_MAIN(TestTrainOptions)
#include "tst_train_options.moc"
