// Metrics for Python: Kendall tau-b, tile score, top-K error, OPA, per-graph metrics and the
// collection and competition scores, all computed by core/metrics.
#include <pybind11/stl.h>

#include <stdexcept>

#include "bindings.h"
#include "export/submission_line.h"
#include "metrics/eval_metrics.h"
#include "metrics/kendall.h"
#include "metrics/layout_metrics.h"
#include "metrics/ordered_pair_accuracy.h"
#include "metrics/score_aggregation.h"
#include "metrics/tile_metrics.h"
#include "numpy_views.h"
#include "python_values.h"
#include "training_session.h"

namespace tpugraphs::python {

namespace {

double kendall(const InputArray<double>& x, const InputArray<double>& y) {
    const std::vector<double> a = vectorOf(x, "x"), b = vectorOf(y, "y");
    if (a.size() != b.size())
        throw std::invalid_argument("x and y must have the same length (" +
                                    std::to_string(a.size()) + " and " + std::to_string(b.size()) +
                                    ")");
    py::gil_scoped_release release;
    return kendallTau(a, b);
}

// {submission ID: score} -> the core's per-graph scores.
std::vector<GraphScore> graphScores(const std::map<std::string, double>& scores) {
    std::vector<GraphScore> graphs;
    for (const auto& [id, score] : scores) {
        GraphScore g;
        std::string problem;
        if (!splitSubmissionId(id, &g.collection, &g.graph, &problem))
            throw std::invalid_argument("'" + id + "': " + problem);
        g.score = score;
        graphs.push_back(g);
    }
    return graphs;
}

}  // namespace

void bindMetrics(py::module_& m) {
    m.def(
        "metric_table",
        [] {
            py::list rows;
            for (const MetricSpec& spec : kMetricTable) {
                py::dict row;
                row["key"] = spec.key;
                row["label"] = spec.label;
                row["unit"] = spec.unit;
                py::list kinds;
                for (GraphKind kind : {GraphKind::Tile, GraphKind::Layout})
                    if (spec.appliesTo(kind)) kinds.append(kind == GraphKind::Tile ? "tile" : "layout");
                row["kinds"] = kinds;
                row["score"] = spec.score;
                row["higher_is_better"] = spec.direction == MetricDirection::HigherIsBetter;
                rows.append(row);
            }
            return rows;
        },
        "The metric table: every validation metric's key (as in graph_metrics(), Run.best and "
        "Run.history), label, unit, the graph kinds it applies to, whether it is the competition "
        "score and its direction.");
    m.def("kendall_tau", &kendall, py::arg("x"), py::arg("y"),
          "Kendall's tau-b of two paired samples, ties in either handled: the value "
          "scipy.stats.kendalltau(x, y).statistic gives, in O(n log n). Where scipy returns nan "
          "(fewer than 2 values, or x or y constant) this returns 0.0, the core's rule for a "
          "graph that carries no ranking information. Raises ValueError on NaN or unequal "
          "lengths.");
    m.def(
        "normalized_tile_runtimes",
        [](const InputArray<int64_t>& runtime, const InputArray<int64_t>& normalizers) {
            return arrayOf(normalizedTileRuntimes(vectorOf(runtime, "config_runtime"),
                                                  vectorOf(normalizers, "normalizers")));
        },
        py::arg("config_runtime"), py::arg("normalizers"),
        "config_runtime / config_runtime_normalizers as float64 (the tile metrics' runtimes).");
    m.def(
        "tile_score",
        [](const InputArray<double>& runtimes, const InputArray<int64_t>& chosen) {
            return tileScoreFromChosen(vectorOf(runtimes, "runtimes"), vectorOf(chosen, "chosen"));
        },
        py::arg("runtimes"), py::arg("chosen"),
        "The competition's tile score of one graph: 2 - min(runtimes[chosen]) / min(runtimes); "
        "chosen lists the submitted config indices (e.g. the top 5).");
    m.def(
        "top_k_error",
        [](const InputArray<float>& scores, const InputArray<double>& runtimes, int k) {
            return topKError(vectorOf(scores, "scores"), vectorOf(runtimes, "runtimes"), k);
        },
        py::arg("scores"), py::arg("runtimes"), py::arg("k"),
        "The paper's top-K error: min(runtime of the K best-predicted configs) / min(all) - 1 "
        "(scores: lower = predicted faster).");
    m.def(
        "opa",
        [](const InputArray<float>& scores, const InputArray<double>& runtimes) {
            return orderedPairAccuracy(vectorOf(scores, "scores"), vectorOf(runtimes, "runtimes"));
        },
        py::arg("scores"), py::arg("runtimes"),
        "Ordered pair accuracy: among pairs of different runtimes, the fraction the scores order "
        "the same way (lower score = faster; 0.5 when no pair differs).");
    m.def(
        "layout_score_of_ranking",
        [](const InputArray<int64_t>& ranking, const InputArray<int64_t>& runtime) {
            return layoutKendallTauFromRanking(vectorOf(ranking, "ranking"),
                                               vectorOf(runtime, "config_runtime"));
        },
        py::arg("ranking"), py::arg("config_runtime"),
        "The competition's layout score of a submitted row: Kendall tau-b between the rank "
        "position of each config (ranking lists config indices fastest first) and its runtime.");
    m.def(
        "graph_metrics",
        [](const InputArray<float>& scores, const InputArray<int64_t>& runtime,
           std::optional<InputArray<int64_t>> normalizers) {
            const std::vector<float> s = vectorOf(scores, "scores");
            const std::vector<int64_t> r = vectorOf(runtime, "config_runtime");
            const EvalMetrics metrics =
                normalizers ? graphMetrics(GraphKind::Tile, s,
                                           normalizedTileRuntimes(
                                               r, vectorOf(*normalizers, "normalizers")))
                            : graphMetrics(GraphKind::Layout, s,
                                           std::vector<double>(r.begin(), r.end()));
            py::dict d = metricsDict(metrics);
            return d;
        },
        py::arg("scores"), py::arg("config_runtime"), py::arg("normalizers") = py::none(),
        "Every metric of one graph from predicted scores, keyed as the metric table "
        "(metric_table()): tile metrics when normalizers are given (top5_score, top-K errors, "
        "OPA), else layout metrics (kendall, OPA, top-K errors); a metric that does not apply "
        "to the kind is NaN.");
    m.def(
        "competition_score",
        [](const std::map<std::string, double>& scores) {
            return competitionScoreDict(aggregateScores(graphScores(scores)));
        },
        py::arg("scores"),
        "Collection and competition scores from per-graph scores {submission ID: score}: each "
        "collection's mean, and their plain mean over the collections present (as on Kaggle).");
}

}  // namespace tpugraphs::python
