// Tests per-graph tile and layout metrics, ordered pair accuracy, ranking, aggregation and
// building submission rows from predicted scores (lower score = predicted faster).
#include <QtTest>

#include <cmath>
#include <limits>

#include "export/submission_row.h"
#include "metrics/eval_metrics.h"
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
        const std::vector<double> runtimes = normalizedTileRuntimes(runtime, norm);
        const EvalMetrics m = graphMetrics(GraphKind::Tile, predicted, runtimes);
        QVERIFY(m.kind == GraphKind::Tile);
        QCOMPARE(m.graphs, 1);
        QVERIFY(near(m.top5Score, 2.0 - 50.0 / 20.0));  // -0.5
        QVERIFY(near(m.primary(), m.top5Score));
        QVERIFY(std::isnan(m.kendall));  // not a tile metric
        QVERIFY(near(m.top1Error, 100.0 / 20.0 - 1));
        QVERIFY(near(m.top5Error, 50.0 / 20.0 - 1));
        QVERIFY(near(m.top10Error, 0.0));  // K clipped to C = 7: all configs
        // The chosen list of a submission row gives the same score.
        QVERIFY(near(tileScoreFromChosen(normalizedTileRuntimes(runtime, norm), {0, 1, 2, 4, 5}),
                     -0.5));
        QVERIFY(near(tileScoreFromChosen({5, 4, 3}, {2, 2, 2}), 1.0));  // padded row, best chosen
        // A perfect prediction scores 1 and has no top-K error.
        const EvalMetrics best = graphMetrics(GraphKind::Tile, {6, 2, 5, 0, 4, 1, 3}, runtimes);
        QVERIFY(near(best.top5Score, 1.0));
        QVERIFY(near(best.top1Error, 0.0));
        QVERIFY(near(best.opa, 1.0));
    }

    void tileWithFewerThanFiveConfigs() {
        // K = C = 3: every config is in the top K, so even the reversed prediction scores 1.
        const EvalMetrics m = graphMetrics(GraphKind::Tile, {0, 1, 2}, {30, 20, 10});
        QVERIFY(near(m.top5Score, 1.0));
        QVERIFY(near(m.top1Error, 2.0));  // predicted best has runtime 30 = 3x the best
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
        const EvalMetrics m = graphMetrics(GraphKind::Layout, {2, 1, 3}, {20, 10, 30});
        QVERIFY(m.kind == GraphKind::Layout);
        QVERIFY(near(m.kendall, 1.0));
        QVERIFY(near(m.primary(), m.kendall));
        QVERIFY(std::isnan(m.top5Score));  // not a layout metric
        QVERIFY(near(m.opa, 1.0));
        QVERIFY(near(m.top1Error, 0.0));
        const EvalMetrics bad = graphMetrics(GraphKind::Layout, {3, 2, 1}, {20, 10, 30});
        QVERIFY(near(bad.kendall, -1.0 / 3.0));
        QVERIFY(near(bad.top1Error, 30.0 / 10.0 - 1));
        // Test-split layout graphs carry no runtimes: no top-K error, no exception.
        QVERIFY(std::isnan(graphMetrics(GraphKind::Layout, {1, 2, 3}, {0, 0, 0}).top1Error));
    }

    void meanOverGraphsSkipsWhatDoesNotApply() {
        EvalMetrics a = graphMetrics(GraphKind::Layout, {2, 1, 3}, {20, 10, 30});
        EvalMetrics b = graphMetrics(GraphKind::Layout, {3, 2, 1}, {20, 10, 30});
        b.top1Error = EvalMetrics::kNaN;  // e.g. a graph without runtimes
        const EvalMetrics mean = meanMetrics(GraphKind::Layout, {a, b});
        QVERIFY(mean.kind == GraphKind::Layout);
        QCOMPARE(mean.graphs, 2);
        QVERIFY(near(mean.kendall, (1.0 - 1.0 / 3.0) / 2));
        QVERIFY(near(mean.top1Error, 0.0));  // b's NaN left out
        QVERIFY(std::isnan(mean.top5Score));
        QCOMPARE(meanMetrics(GraphKind::Tile, {}).graphs, 0);
    }

    void metricTableIsConsistent() {
        // Each kind has exactly one competition score, higher-is-better; keys, history columns
        // and JSON keys are unique.
        for (GraphKind kind : {GraphKind::Tile, GraphKind::Layout}) {
            int scores = 0;
            for (const MetricSpec& spec : kMetricTable)
                scores += spec.score && spec.appliesTo(kind);
            QCOMPARE(scores, 1);
            QVERIFY(scoreMetric(kind).direction == MetricDirection::HigherIsBetter);
        }
        QVERIFY(scoreMetric(GraphKind::Layout).field == &EvalMetrics::kendall);
        QVERIFY(scoreMetric(GraphKind::Tile).field == &EvalMetrics::top5Score);
        for (int i = 0; i < kMetricCount; ++i)
            for (int j = i + 1; j < kMetricCount; ++j) {
                QVERIFY(std::string(kMetricTable[i].key) != kMetricTable[j].key);
                QVERIFY(std::string(kMetricTable[i].historyColumn) !=
                        kMetricTable[j].historyColumn);
                QVERIFY(std::string(kMetricTable[i].jsonKey) != kMetricTable[j].jsonKey);
                QVERIFY(kMetricTable[i].field != kMetricTable[j].field);
            }
        QCOMPARE(findMetric("top1_error")->field, &EvalMetrics::top1Error);
        QVERIFY(findMetric("no_such_metric") == nullptr);
        const MetricSpec& error = *findMetric("top5_error");
        QVERIFY(metricIsBetter(error, 0.1, 0.2));
        QVERIFY(!metricIsBetter(error, EvalMetrics::kNaN, 0.2));
        QVERIFY(metricIsBetter(scoreMetric(GraphKind::Tile), 0.9, EvalMetrics::kNaN));
        QCOMPARE(metricText(scoreMetric(GraphKind::Layout), 0.97123), std::string("0.9712"));
        QCOMPARE(metricText(error, 0.000123456), std::string("0.000123"));
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
