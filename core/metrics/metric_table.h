// The one table of validation metrics, the counterpart of train/option_table.h: for each metric
// its key, label, unit, the graph kinds it applies to, its direction, its format, its column in
// a run's history.csv, its key in state.json and how graphs combine. EvalMetrics is the plain
// struct of the values (one field per row, addressable by key through the table). The history
// file, state.json, the data-parallel gather, the reports and the app's charts and tables loop
// over the table: adding a metric is a field and a row here and its computation in
// metrics/eval_metrics.cpp.
#pragma once

#include <limits>
#include <string>

#include "data/tpugraphs_format.h"

namespace tpugraphs {

// Validation / evaluation metrics of one graph or of a set of graphs. A field that does not
// apply to `kind` stays NaN (tile graphs have no Kendall tau, layout graphs no top-5 score).
struct EvalMetrics {
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    GraphKind kind = GraphKind::Tile;  // set by whoever computes or reads the values
    int graphs = 0;                    // graphs averaged (1: one graph's metrics)
    double kendall = kNaN;             // layout: Kendall tau-b (the competition score)
    double opa = kNaN;                 // ordered pair accuracy
    double top5Score = kNaN;           // tile: 2 - min(top-5)/min(all) (the competition score)
    double top1Error = kNaN;           // min(runtime of the K best-predicted)/min(all) - 1
    double top5Error = kNaN;
    double top10Error = kNaN;

    // The competition score of `kind` (higher is better).
    double primary() const;
};

enum class MetricDirection { HigherIsBetter, LowerIsBetter };

// How the value of a set of graphs comes from the values of its graphs. Over the ranks of a
// data-parallel run each graph's values come from the one rank that scored it; then this.
enum class MetricReduction {
    MeanOverGraphs,  // the mean over the graphs where the value is defined (NaN: none)
};

// The graph kinds a metric applies to (a bit per GraphKind).
enum MetricKinds : unsigned { kTileMetric = 1u, kLayoutMetric = 2u, kEveryKindMetric = 3u };

struct MetricSpec {
    const char* key;    // stable name, e.g. "top5_score" (reports print it with '-' for '_')
    const char* label;  // as in running text, e.g. "top-5 score", "Kendall tau"
    const char* unit;   // what one unit is, e.g. "relative slowdown"
    unsigned kinds;     // MetricKinds
    bool score;         // the competition score of the kinds it applies to
    MetricDirection direction;
    char style;                 // number style, as printf's and QString::number's: 'f' fixed or 'g'
    int precision;              // digits after the point ('f') or significant digits ('g')
    const char* historyColumn;  // column of history.csv
    const char* jsonKey;        // key in state.json's "best"
    MetricReduction reduction;
    double EvalMetrics::*field;

    constexpr bool appliesTo(GraphKind kind) const {
        return (kinds & (kind == GraphKind::Tile ? kTileMetric : kLayoutMetric)) != 0;
    }
};

// Every metric, in the order reports and charts show them. Slowdowns of the chosen configs use
// 3 significant digits: on layout graphs whose configs are within a fraction of a percent of
// each other they are tiny but not zero.
inline constexpr MetricSpec kMetricTable[] = {
    {"kendall", "Kendall tau", "tau-b, -1 to 1", kLayoutMetric, true,
     MetricDirection::HigherIsBetter, 'f', 4, "kendall", "kendall", MetricReduction::MeanOverGraphs,
     &EvalMetrics::kendall},
    {"top5_score", "top-5 score", "2 - slowdown, at most 1", kTileMetric, true,
     MetricDirection::HigherIsBetter, 'f', 4, "topk_score", "topk_score",
     MetricReduction::MeanOverGraphs, &EvalMetrics::top5Score},
    {"opa", "OPA", "fraction of config pairs", kEveryKindMetric, false,
     MetricDirection::HigherIsBetter, 'f', 4, "opa", "opa", MetricReduction::MeanOverGraphs,
     &EvalMetrics::opa},
    {"top1_error", "top-1 error", "relative slowdown", kEveryKindMetric, false,
     MetricDirection::LowerIsBetter, 'g', 3, "top1_error", "top1_error",
     MetricReduction::MeanOverGraphs, &EvalMetrics::top1Error},
    {"top5_error", "top-5 error", "relative slowdown", kEveryKindMetric, false,
     MetricDirection::LowerIsBetter, 'g', 3, "top5_error", "top5_error",
     MetricReduction::MeanOverGraphs, &EvalMetrics::top5Error},
    {"top10_error", "top-10 error", "relative slowdown", kEveryKindMetric, false,
     MetricDirection::LowerIsBetter, 'g', 3, "top10_error", "top10_error",
     MetricReduction::MeanOverGraphs, &EvalMetrics::top10Error},
};
constexpr int kMetricCount = static_cast<int>(sizeof kMetricTable / sizeof kMetricTable[0]);

// The value of `spec` in `metrics`.
inline double metricValue(const EvalMetrics& metrics, const MetricSpec& spec) {
    return metrics.*spec.field;
}
// The metric of `key`; nullptr when there is none.
const MetricSpec* findMetric(const std::string& key);
// The competition score of `kind` (kendall for layout, top5_score for tile).
const MetricSpec& scoreMetric(GraphKind kind);
// True when `a` is better than `b` by the metric's direction (NaN is never better).
bool metricIsBetter(const MetricSpec& spec, double a, double b);
// `value` in the metric's format, e.g. "0.9712"; "nan" when it is NaN.
std::string metricText(const MetricSpec& spec, double value);

}  // namespace tpugraphs
