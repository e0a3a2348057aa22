// Tests per-graph tile and layout metrics, ordered pair accuracy, ranking, aggregation and
// building submission rows from predicted scores (lower score = predicted faster).
#include <QtTest>

#include <cmath>
#include <limits>

#include "export/submission_row.h"
#include "metrics/layout_metrics.h"
#include "metrics/ordered_pair_accuracy.h"
#include "metrics/ranking.h"
#include "metrics/score_aggregation.h"
#include "metrics/tile_metrics.h"

using namespace tpugraphs;

namespace {
bool near(double a, double b) {
    return std::fabs(a - b) <= 1e-12;
}
using Ids = std::vector<int64_t>;
}  // namespace

class TestMetricsScores : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rankingIsStableAscendingNanLast() {
        const float nan = std::numeric_limits<float>::quiet_NaN();
        QCOMPARE(rankByScore({0.5f, -1.f, 0.5f, nan, -1.f, 2.f}), (Ids{1, 4, 0, 2, 5, 3}));
        QCOMPARE(topKByScore({0.5f, -1.f, 0.5f, nan, -1.f, 2.f}, 3), (Ids{1, 4, 0}));
        QCOMPARE(topKByScore({3.f, 1.f}, 5), (Ids{1, 0}));
        QCOMPARE(rankByScore({}), Ids{});
    }

    // Ensembles average normalised ranks: scales do not matter, ties share their mean rank.
    void ensembleOfNormalizedRanks() {
        const std::vector<float> a{0.1f, 0.3f, 0.2f}, b{100.f, 300.f, 300.f};
        const auto mean = meanNormalizedRanks({a, b});
        // a ranks 0, 1, 0.5; b ranks 0, 0.75, 0.75 (a tie of ranks 1 and 2).
        QCOMPARE(mean, (std::vector<float>{0.0f, 0.875f, 0.625f}));
        QCOMPARE(rankByScore(meanNormalizedRanks({a})), rankByScore(a));
        QCOMPARE(meanNormalizedRanks({{5.0f}}), (std::vector<float>{0.0f}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, meanNormalizedRanks({a, {1.0f}}));
    }

    void tileRuntimesAreNormalized() {
        QCOMPARE(normalizedTileRuntimes({100, 60, 40}, {1, 3, 2}),
                 (std::vector<double>{100, 20, 20}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, normalizedTileRuntimes({1, 2}, {1, 0}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, normalizedTileRuntimes({1, 2}, {1}));
    }

    void tileScoreHandChecked() {
        // runtimes = {100, 60, 90, 20, 80, 50, 70}; the best config (3, runtime 20) is predicted
        // slowest, so the top 5 by score are 0, 1, 2, 4, 5 with best runtime 50.
        const std::vector<int64_t> runtime{100, 60, 90, 40, 80, 50, 70}, norm{1, 1, 1, 2, 1, 1, 1};
        const std::vector<float> predicted{0, 1, 2, 9, 3, 4, 5};
        const TileGraphMetrics m = computeTileMetrics(predicted, runtime, norm);
        QVERIFY(near(m.score, 2.0 - 50.0 / 20.0));  // -0.5
        QVERIFY(near(m.topKError1, 100.0 / 20.0 - 1));
        QVERIFY(near(m.topKError5, 50.0 / 20.0 - 1));
        QVERIFY(near(m.topKError10, 0.0));  // K clipped to C = 7: all configs
        // The chosen list of a submission row gives the same score.
        QVERIFY(near(tileScoreFromChosen(normalizedTileRuntimes(runtime, norm), {0, 1, 2, 4, 5}),
                     -0.5));
        QVERIFY(near(tileScoreFromChosen({5, 4, 3}, {2, 2, 2}), 1.0));  // padded row, best chosen
        // A perfect prediction scores 1 and has no top-K error.
        const TileGraphMetrics best = computeTileMetrics({6, 2, 5, 0, 4, 1, 3}, runtime, norm);
        QVERIFY(near(best.score, 1.0));
        QVERIFY(near(best.topKError1, 0.0));
        QVERIFY(near(best.opa, 1.0));
    }

    void tileWithFewerThanFiveConfigs() {
        // K = C = 3: every config is in the top K, so even the reversed prediction scores 1.
        const TileGraphMetrics m = computeTileMetrics({0, 1, 2}, {30, 20, 10}, {1, 1, 1});
        QVERIFY(near(m.score, 1.0));
        QVERIFY(near(m.topKError1, 2.0));  // predicted best has runtime 30 = 3x the best
        QVERIFY(near(m.opa, 0.0));
    }

    void tileRejectsUnscorableGraphs() {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 tileScoreFromChosen({0, 0}, {0}));  // test split
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, tileScoreFromChosen({1, 2}, {2}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, tileScoreFromChosen({1, 2}, {}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, topKError({1}, {1, 2}, 1));
    }

    void orderedPairAccuracyHandChecked() {
        QVERIFY(near(orderedPairAccuracy({1, 3, 2}, {1, 2, 3}), 2.0 / 3.0));  // pair 12 swapped
        QVERIFY(near(orderedPairAccuracy({1, 1, 2}, {1, 2, 3}), 2.0 / 3.0));  // tie 01 counts wrong
        QVERIFY(
            near(orderedPairAccuracy({2, 1, 3}, {1, 1, 2}), 1.0));  // runtime tie 01 not counted
        QVERIFY(near(orderedPairAccuracy({3, 2, 1}, {1, 2, 3}), 0.0));
        QVERIFY(near(orderedPairAccuracy({1, 2}, {5, 5}), 0.5));  // no ordered pair: chance level
        QVERIFY(near(orderedPairAccuracy({}, {}), 0.5));
    }

    void layoutKendallFromScoresAndRankings() {
        const std::vector<int64_t> runtime{50, 10, 40, 20, 30};
        QVERIFY(near(layoutKendallTau({5, 1, 4, 2, 3}, runtime), 1.0));
        QVERIFY(near(layoutKendallTau({-5, -1, -4, -2, -3}, runtime), -1.0));
        QVERIFY(near(layoutKendallTauFromRanking({1, 3, 4, 2, 0}, runtime), 1.0));
        QVERIFY(near(layoutKendallTauFromRanking({0, 2, 4, 3, 1}, runtime), -1.0));
        // A ranking's score equals the score of any predictions that produce it.
        const std::vector<float> predicted{0.3f, -2.f, 7.f, 0.1f, 1.f};
        QVERIFY(near(layoutKendallTauFromRanking(rankByScore(predicted), runtime),
                     layoutKendallTau(predicted, runtime)));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 layoutKendallTauFromRanking({0, 1, 1, 2, 3}, runtime));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 layoutKendallTauFromRanking({0, 1, 2, 3}, runtime));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 layoutKendallTauFromRanking({0, 1, 2, 3, 5}, runtime));
        QCOMPARE(layoutKendallTau({1, 2, 3}, {0, 0, 0}), 0.0);  // test split: no runtimes
    }

    void layoutMetricsBundle() {
        const LayoutGraphMetrics m = computeLayoutMetrics({2, 1, 3}, {20, 10, 30});
        QVERIFY(near(m.kendallTau, 1.0));
        QVERIFY(near(m.opa, 1.0));
        QVERIFY(near(m.topKError1, 0.0));
        const LayoutGraphMetrics bad = computeLayoutMetrics({3, 2, 1}, {20, 10, 30});
        QVERIFY(near(bad.kendallTau, -1.0 / 3.0));
        QVERIFY(near(bad.topKError1, 30.0 / 10.0 - 1));
    }

    void aggregationIsMeanOfPresentCollections() {
        const std::vector<GraphScore> graphs{{Collection::LayoutNlpRandom, "a", 0.2},
                                             {Collection::TileXla, "b", 0.9},
                                             {Collection::LayoutNlpRandom, "c", 0.4},
                                             {Collection::TileXla, "d", 0.7},
                                             {Collection::TileXla, "e", 0.8}};
        const CompetitionScore s = aggregateScores(graphs);
        QCOMPARE(s.presentCollections, size_t(2));
        QVERIFY(!s.complete);
        QVERIFY(s.collections[0].collection == Collection::TileXla);  // official order
        QCOMPARE(s.collections[0].graphs, size_t(3));
        QVERIFY(near(s.collections[0].mean, 0.8));
        QVERIFY(near(s.collections[1].mean, 0.3));
        QVERIFY(near(s.overall, 0.55));  // collections weigh the same, not graphs
        const auto worst = worstGraphs(graphs, 2);
        QCOMPARE(worst.size(), size_t(2));
        QCOMPARE(worst[0].graph, std::string("a"));
        QCOMPARE(worst[1].graph, std::string("c"));
        QCOMPARE(aggregateScores({}).overall, 0.0);

        std::vector<GraphScore> all;
        for (const Collection c : kCollections) all.push_back({c, "g", 0.5});
        QVERIFY(aggregateScores(all).complete);
    }

    void submissionRowsFromScores() {
        const SubmissionRow few = tileSubmissionRow("g", {0.3f, 0.1f, 0.2f});
        QCOMPARE(few.id, std::string("tile:xla:g"));
        QCOMPARE(few.configs, (Ids{1, 2, 0, 0, 0}));  // all three, then padded with 0
        const SubmissionRow many = tileSubmissionRow("h", {7, 6, 5, 4, 3, 2, 1});
        QCOMPARE(many.configs, (Ids{6, 5, 4, 3, 2}));
        const SubmissionRow layout =
            layoutSubmissionRow(Collection::LayoutXlaRandom, "u", {2, 0, 1, 0});
        QCOMPARE(layout.id, std::string("layout:xla:random:u"));
        QCOMPARE(layout.configs, (Ids{1, 3, 2, 0}));
        QCOMPARE(joinConfigs(layout.configs), std::string("1;3;2;0"));
        QCOMPARE(joinConfigs({}), std::string());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, tileSubmissionRow("e", {}));
    }
};

QTEST_GUILESS_MAIN(TestMetricsScores)
#include "tst_metrics_scores.moc"
