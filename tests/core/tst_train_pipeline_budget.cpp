// The submission pipeline's budget arithmetic and a run's label files: a session's length cut
// to its time limit, the minimum a budget must buy (collections not probed yet priced from the
// probed ones), the training time divided so that it fits, each run's limit from the time left,
// the bound, and label.json / score.json round trips and a damaged one named.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <numeric>

#include "train/pipeline_budget.h"
#include "train/pipeline_plan.h"
#include "train/run_directory.h"
#include "train/run_label.h"
#include "train/submission_pipeline.h"
#include "train/time_limit.h"

using namespace tpugraphs;

namespace {

PipelineCollectionPlan planOf(Collection c, double fixed, double step, int64_t stepsPerEpoch,
                              double scoring) {
    PipelineCollectionPlan p;
    p.collection = c;
    p.fixedSeconds = fixed;
    p.secondsPerStep = step;
    p.stepsPerEpoch = stepsPerEpoch;
    p.scoringSeconds = scoring;
    return p;
}

std::vector<PipelineCollectionPlan> twoPlans() {
    return {planOf(Collection::TileXla, 4, 0.05, 10, 6),
            planOf(Collection::LayoutXlaDefault, 6, 0.5, 3, 20)};
}

}  // namespace

class TestPipelineBudget : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sessionLengthIsCutToTheTimeLeft() {
        SessionTiming t;
        t.limitSeconds = 100;
        t.elapsedSeconds = 40;  // 10 s of loading, 30 s of 10 steps
        t.loopSeconds = 30;
        t.endSeconds = 1;
        t.sessionSteps = 10;
        t.firstStepSeconds = 3;
        // 59 s left at 3 s a step (the steps after the first, none slower): 19 more steps.
        QCOMPARE(stepsWithinTimeLimit(t, 10, 200), int64_t(29));
        QCOMPARE(stepsWithinTimeLimit(t, 10, 20), int64_t(20));  // the plan fits
        // A slow first step (the warm-up) is not the price of the next ones: 10 steps in 30 s
        // of which the first took 12: 2 s a step, 29 more fit.
        t.firstStepSeconds = 12;
        QCOMPARE(stepsWithinTimeLimit(t, 10, 200), int64_t(39));
        t.firstStepSeconds = 3;
        t.elapsedSeconds = 120;
        QCOMPARE(stepsWithinTimeLimit(t, 10, 200), int64_t(10));  // over: ends now
        t.limitSeconds = 0;
        QCOMPARE(stepsWithinTimeLimit(t, 10, 200), int64_t(200));  // no limit
    }

    void minimumAndSmallestBudget() {
        const PipelineLanes lanes{3, 1};
        const auto plans = twoPlans();
        // Scoring kept: 5 + 1.25 x 26; training: 3 x (4 + 20 x 0.05) + 3 x (6 + 20 x 0.5).
        const double expected = 5 + 1.25 * 26 + 3 * 5.0 + 3 * 16.0;
        QCOMPARE(minimumSeconds(plans, lanes), expected);
        QCOMPARE(smallestBudgetMinutes(expected), 1.7);  // 100.5 s, up to a tenth of a minute
        QCOMPARE(smallestBudgetMinutes(60), 1.0);
    }

    // Collections not probed yet: their probes, runs and scoring priced from those probed, at
    // the lowest of each measure (a lower bound) or at their mean (an estimate).
    void unprobedCollectionsArePricedFromTheProbed() {
        const PipelineLanes lanes{3, 1};
        auto plans = twoPlans();
        plans[0].probeSeconds = 10;
        plans[1].probeSeconds = 30;
        const double probed = minimumSeconds(plans, lanes);
        QCOMPARE(minimumSeconds(plans, lanes, 0, UnprobedPricing::Mean), probed);
        // Lowest: probe 10 s, training 3 x (4 + 20 x 0.05), scoring 1.25 x 6.
        QCOMPARE(minimumSeconds(plans, lanes, 2, UnprobedPricing::Lowest),
                 probed + 2 * (10 + 3 * 5.0 + 1.25 * 6));
        // Mean: probe 20 s, training 3 x (5 + 20 x 0.275), scoring 1.25 x 13.
        QCOMPARE(minimumSeconds(plans, lanes, 2, UnprobedPricing::Mean),
                 probed + 2 * (20 + 3 * 10.5 + 1.25 * 13));
    }

    void trainingTimeIsDividedWithinTheTimeGiven_data() {
        QTest::addColumn<double>("seconds");
        QTest::newRow("below the preferred minimum") << 80.0;
        QTest::newRow("the preferred minimum and more") << 900.0;
    }
    void trainingTimeIsDividedWithinTheTimeGiven() {
        QFETCH(double, seconds);
        const PipelineLanes lanes{3, 1};
        auto plans = twoPlans();
        divideTrainingTime(seconds, lanes, &plans);
        double used = 0;
        for (const PipelineCollectionPlan& p : plans) {
            QVERIFY(p.steps >= kPipelineMinimumSteps);
            used += trainingSeconds(p, lanes, p.steps);
        }
        QVERIFY2(used <= seconds + 1e-6, qPrintable(QString("%1 of %2 s").arg(used).arg(seconds)));
        QVERIFY2(used > seconds * 0.9, qPrintable(QString("%1 of %2 s").arg(used).arg(seconds)));
    }

    void eachRunGetsItsShareOfTheTimeLeft() {
        // Three runs of 10, 10 and 20 s planned, one at a time, 80 s to the training's end.
        RunTimeLimits limits({10, 10, 20}, 1, 80);
        QCOMPARE(limits.limitOf(0, {}, {1, 2}, 0), 20.0);
        // The first took 30 s (a busier machine): 50 s left for 30 s planned.
        QVERIFY(qFuzzyCompare(limits.limitOf(1, {}, {2}, 30), 50.0 / 3));
        // Past the end: nothing left, never negative.
        QCOMPARE(limits.limitOf(2, {}, {}, 90), 0.0);
        // Two lanes, one busy until its own limit.
        RunTimeLimits two({10, 10}, 2, 40);
        QCOMPARE(two.limitOf(0, {}, {1}, 0), 40.0);
        QCOMPARE(two.limitOf(1, {0}, {}, 10), 30.0);  // the other lane is busy until its end
    }

    // A folder whose plan was made with other options cannot take a call: it goes to the next
    // free sibling; a folder it resumes (the same options) or one without a plan is kept.
    void otherOptionsGoToTheNextFreeFolder() {
        QTemporaryDir dir;
        PipelineOptions options;
        options.datasetRoot = "/data/demo";
        options.outDir = dir.path().toStdString() + "/pipeline";
        options.budgetMinutes = 3;
        options.seeds = 1;
        QCOMPARE(folderForPipeline(options), options.outDir);  // no plan yet
        const std::vector<PipelineCollectionPlan> plans(1);
        writePipelinePlan(options, plans);
        QCOMPARE(folderForPipeline(options), options.outDir);  // resumed
        PipelineOptions other = options;
        other.budgetMinutes = 5;
        QCOMPARE(folderForPipeline(other), options.outDir + "-2");
        other.outDir = options.outDir + "-2";
        PipelineOptions third = other;
        third.seeds = 3;
        writePipelinePlan(other, plans);  // -2 now holds the 5-minute plan
        third.outDir = options.outDir;
        QCOMPARE(folderForPipeline(third), options.outDir + "-3");
        QVERIFY(!resumesPipeline(options, third));
        QVERIFY(resumesPipeline(other, other));
    }

    void boundIsTheLargerOfTenPercentAndAMinute() {
        QCOMPARE(pipelineBoundMinutes(1.5), 2.5);
        QCOMPARE(pipelineBoundMinutes(20), 22.0);
    }

    void labelAndScoreRoundTrip() {
        QTemporaryDir dir;
        const std::string run = dir.path().toStdString();
        QVERIFY(readRunLabel(run).name.empty());
        QVERIFY(!readRunScore(run).present());
        writeRunLabel(run, {"my best run", {"baseline", "lr sweep"}});
        const RunLabel label = readRunLabel(run);
        QCOMPARE(label.name, std::string("my best run"));
        QCOMPARE(label.tags, (std::vector<std::string>{"baseline", "lr sweep"}));
        RunScore score;
        score.split = "valid";
        score.step = 40;
        score.metrics.graphs = 3;
        score.metrics.kind = GraphKind::Layout;
        score.metrics.kendall = 0.81;
        writeRunScore(run, score);
        const RunScore back = readRunScore(run);
        QVERIFY(back.present());
        QCOMPARE(back.metrics.primary(), 0.81);
        QCOMPARE(back.step, int64_t(40));
        QVERIFY(std::isnan(back.metrics.top5Score));
        std::ofstream(run + "/label.json") << "{ not json";
        try {
            readRunLabel(run);
            QFAIL("a damaged label was read");
        } catch (const RunError& e) {
            QVERIFY2(QString(e.what()).contains("label.json"), e.what());
        }
    }

    void defaultNameSaysCollectionFolderAndSeed() {
        TrainOptions o = defaultTrainOptions(Collection::LayoutXlaDefault);
        o.seed = 2;
        QCOMPARE(defaultRunName(o, "/tmp/runs/baseline/"),
                 std::string("layout:xla:default \u00b7 baseline \u00b7 seed 2"));
        QCOMPARE(runName(Collection::TileXla, "recipe", 1),
                 std::string("tile:xla \u00b7 recipe \u00b7 seed 1"));
    }
};

QTEST_GUILESS_MAIN(TestPipelineBudget)
#include "tst_train_pipeline_budget.moc"
