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

// Calls `use` with a typed pointer to the values of a 1-D array: float64, float32, int64 and
// int32 arrays are read in place; anything else (lists, other dtypes, strided views) is first
// converted to a contiguous float64 array, kept in `converted`. Throws ValueError naming `what`
// when the array is not one-dimensional.
template <typename Use>
double withValuesOf(const py::array& values, const char* what, py::array* converted, Use&& use) {
    if (values.ndim() != 1)
        throw std::invalid_argument(std::string(what) + " must be one-dimensional, not " +
                                    std::to_string(values.ndim()) + "-dimensional");
    if (values.flags() & py::array::c_style) {
        const py::dtype type = values.dtype();
        if (type.is(py::dtype::of<double>())) return use(static_cast<const double*>(values.data()));
        if (type.is(py::dtype::of<float>())) return use(static_cast<const float*>(values.data()));
        if (type.is(py::dtype::of<int64_t>()))
            return use(static_cast<const int64_t*>(values.data()));
        if (type.is(py::dtype::of<int32_t>()))
            return use(static_cast<const int32_t*>(values.data()));
    }
    *converted = InputArray<double>::ensure(values);
    if (!*converted) throw py::error_already_set();
    return use(static_cast<const double*>(converted->data()));
}

double kendall(const py::object& xValues, const py::object& yValues) {
    const py::array x = py::array::ensure(xValues), y = py::array::ensure(yValues);
    if (!x || !y) throw py::error_already_set();
    if (x.ndim() == 1 && y.ndim() == 1 && x.size() != y.size())
        throw std::invalid_argument("x and y must have the same length (" +
                                    std::to_string(x.size()) + " and " + std::to_string(y.size()) +
                                    ")");
    py::array convertedX, convertedY;
    const auto n = static_cast<size_t>(x.size());
    return withValuesOf(x, "x", &convertedX, [&](const auto* xs) {
        return withValuesOf(y, "y", &convertedY, [&](const auto* ys) {
            py::gil_scoped_release release;
            return kendallTau(xs, ys, n);
        });
    });
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

// metric_table: every metric's key, label, unit, kinds and direction.
void bindMetricTable(py::module_& m) {
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
                    if (spec.appliesTo(kind))
                        kinds.append(kind == GraphKind::Tile ? "tile" : "layout");
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
}

// The metrics of one ranking: Kendall tau, the tile score, top-K error, OPA, the layout score.
void bindRankingMetrics(py::module_& m) {
    m.def("kendall_tau", &kendall, py::arg("x"), py::arg("y"),
          "Kendall's tau-b of two paired samples, ties in either handled: the value "
          "scipy.stats.kendalltau(x, y).statistic gives, in O(n log n), without the GIL. float64, "
          "float32, int64 and int32 arrays are read in place (no copy); other inputs are "
          "converted to float64 first. Where scipy returns nan "
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
}

// A graph's metrics from its scores, and the collections' and competition's scores.
void bindScores(py::module_& m) {
    m.def(
        "graph_metrics",
        [](const InputArray<float>& scores, const InputArray<int64_t>& runtime,
           std::optional<InputArray<int64_t>> normalizers) {
            const std::vector<float> s = vectorOf(scores, "scores");
            const std::vector<int64_t> r = vectorOf(runtime, "config_runtime");
            const EvalMetrics metrics =
                normalizers
                    ? graphMetrics(GraphKind::Tile, s,
                                   normalizedTileRuntimes(r, vectorOf(*normalizers, "normalizers")))
                    : graphMetrics(GraphKind::Layout, s, std::vector<double>(r.begin(), r.end()));
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

}  // namespace

void bindMetrics(py::module_& m) {
    bindMetricTable(m);
    bindRankingMetrics(m);
    bindScores(m);
}

}  // namespace tpugraphs::python
