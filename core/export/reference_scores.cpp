// Reference scores: ridge, heuristic and oracle rankings scored with the competition metrics.
#include "export/reference_scores.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>

#include "export/baseline_submission.h"
#include "export/layout_ridge_baseline.h"
#include "export/submission_scoring.h"
#include "metrics/eval_metrics.h"
#include "metrics/tile_metrics.h"

namespace tpugraphs {

namespace {

namespace fs = std::filesystem;

// One graph of the split, read once for every method.
struct SplitGraph {
    std::string path;
    std::optional<TileGraph> tile;
    std::optional<LayoutGraph> layout;
};

// Scores (lower = predicted faster) of one method for a graph.
struct Method {
    std::string name;
    ReferenceKind kind;
    std::function<std::vector<float>(const SplitGraph& graph)> scores;
};

std::vector<float> asScores(const std::vector<int64_t>& runtimes) {
    return std::vector<float>(runtimes.begin(), runtimes.end());
}

// Fit on the train split one graph at a time: a full-size collection's graphs need not fit in
// memory together.
Method ridgeMethod(const DatasetIndex& index, Collection c) {
    LayoutRidgeFit fit;
    for (const GraphEntry* g : index.select(c, Split::Train))
        if (g->error.empty()) fit.add(readLayoutGraph(graphFilePath(index, *g)));
    const auto model = std::make_shared<LayoutRidgeModel>(fit.solve());
    return {"ridge on one-hot config features (fit on train)", ReferenceKind::Ridge,
            [model](const SplitGraph& g) { return layoutRidgeScores(*model, *g.layout); }};
}

std::vector<Method> methodsFor(const DatasetIndex& index, Collection c,
                               const std::string& noiselessRoot) {
    const bool tile = collectionKind(c) == GraphKind::Tile;
    std::vector<Method> methods;
    if (!tile) methods.push_back(ridgeMethod(index, c));
    methods.push_back({tile ? "heuristic: larger output tiles first"
                            : "heuristic: fewer default (-1) layouts first",
                       ReferenceKind::Heuristic, [](const SplitGraph& g) {
                           return g.tile ? tileBaselineScores(*g.tile)
                                         : layoutBaselineScores(*g.layout);
                       }});
    if (!noiselessRoot.empty())
        methods.push_back(
            {"oracle: noiseless runtimes", ReferenceKind::Oracle,
             [&index, noiselessRoot](const SplitGraph& g) {
                 // The same file under the noiseless root.
                 const std::string twin =
                     (fs::path(noiselessRoot) / fs::relative(g.path, index.root)).string();
                 return asScores(g.tile ? readTileGraph(twin).configRuntime
                                        : readLayoutGraph(twin).configRuntime);
             }});
    return methods;
}

SplitGraph readSplitGraph(GraphKind kind, const std::string& path) {
    SplitGraph g{path, {}, {}};
    if (kind == GraphKind::Tile)
        g.tile = readTileGraph(path);
    else
        g.layout = readLayoutGraph(path);
    return g;
}

// The competition metric and OPA of `scores` for a graph.
std::pair<double, double> metricsOf(const SplitGraph& g, const std::vector<float>& scores) {
    const EvalMetrics m =
        g.tile ? graphMetrics(GraphKind::Tile, scores,
                              normalizedTileRuntimes(g.tile->configRuntime,
                                                     g.tile->configRuntimeNormalizers))
               : graphMetrics(GraphKind::Layout, scores,
                              std::vector<double>(g.layout->configRuntime.begin(),
                                                  g.layout->configRuntime.end()));
    return {m.primary(), m.opa};
}

}  // namespace

std::vector<ReferenceScore> referenceScores(const DatasetIndex& index, Collection collection,
                                            Split split, const std::string& noiselessRoot) {
    std::vector<ReferenceScore> rows;
    const std::vector<const GraphEntry*> graphs = index.select(collection, split);
    if (graphs.empty()) return rows;
    const std::vector<Method> methods = methodsFor(index, collection, noiselessRoot);
    for (const Method& method : methods) rows.push_back({method.name, method.kind, 0, 0, 1e300, 0});
    for (const GraphEntry* entry : graphs) {
        const SplitGraph g =
            readSplitGraph(collectionKind(collection), graphFilePath(index, *entry));
        for (size_t m = 0; m < methods.size(); ++m) {
            const auto [value, opa] = metricsOf(g, methods[m].scores(g));
            ReferenceScore& row = rows[m];
            row.mean += value, row.opa += opa, row.minimum = std::min(row.minimum, value);
            ++row.graphs;
        }
    }
    for (ReferenceScore& row : rows) {
        row.mean /= row.graphs;
        row.opa /= row.graphs;
    }
    return rows;
}

}  // namespace tpugraphs
