// Reference scores: ridge, heuristic and oracle rankings scored with the competition metrics.
#include "export/reference_scores.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <memory>

#include "export/baseline_submission.h"
#include "export/layout_ridge_baseline.h"
#include "export/submission_scoring.h"
#include "metrics/layout_metrics.h"
#include "metrics/tile_metrics.h"

namespace tpugraphs {

namespace {

namespace fs = std::filesystem;

// Scores (lower = predicted faster) of one method for the graph at a path.
struct Method {
    std::string name, shortName;
    std::function<std::vector<float>(const std::string& path)> scores;
};

std::vector<float> asScores(const std::vector<int64_t>& runtimes) {
    return std::vector<float>(runtimes.begin(), runtimes.end());
}

Method ridgeMethod(const DatasetIndex& index, Collection c) {
    std::vector<LayoutGraph> train;
    for (const GraphEntry* g : index.select(c, Split::Train))
        if (g->error.empty()) train.push_back(readLayoutGraph(graphFilePath(index, *g)));
    std::vector<const LayoutGraph*> pointers;
    for (const LayoutGraph& g : train) pointers.push_back(&g);
    const auto model = std::make_shared<LayoutRidgeModel>(fitLayoutRidge(pointers));
    return {"ridge on one-hot config features (fit on train)", "ridge",
            [model](const std::string& path) {
                return layoutRidgeScores(*model, readLayoutGraph(path));
            }};
}

std::vector<Method> methodsFor(const DatasetIndex& index, Collection c,
                               const std::string& noiselessRoot) {
    const bool tile = collectionKind(c) == GraphKind::Tile;
    std::vector<Method> methods;
    if (!tile) methods.push_back(ridgeMethod(index, c));
    methods.push_back({tile ? "heuristic: larger output tiles first"
                            : "heuristic: fewer default (-1) layouts first",
                       "heuristic", [tile](const std::string& path) {
                           return tile ? tileBaselineScores(readTileGraph(path))
                                       : layoutBaselineScores(readLayoutGraph(path));
                       }});
    if (!noiselessRoot.empty())
        methods.push_back(
            {"oracle: noiseless runtimes", "oracle",
             [&index, noiselessRoot, tile](const std::string& path) {
                 // The same file under the noiseless root.
                 const std::string twin =
                     (fs::path(noiselessRoot) / fs::relative(path, index.root)).string();
                 return asScores(tile ? readTileGraph(twin).configRuntime
                                      : readLayoutGraph(twin).configRuntime);
             }});
    return methods;
}

// The competition metric and OPA of `scores` for the graph at `path`.
std::pair<double, double> metricsOf(GraphKind kind, const std::string& path,
                                    const std::vector<float>& scores) {
    if (kind == GraphKind::Tile) {
        const TileGraph t = readTileGraph(path);
        const TileGraphMetrics m =
            computeTileMetrics(scores, t.configRuntime, t.configRuntimeNormalizers);
        return {m.score, m.opa};
    }
    const LayoutGraphMetrics m = computeLayoutMetrics(scores, readLayoutGraph(path).configRuntime);
    return {m.kendallTau, m.opa};
}

}  // namespace

std::vector<ReferenceScore> referenceScores(const DatasetIndex& index, Collection collection,
                                            Split split, const std::string& noiselessRoot) {
    std::vector<ReferenceScore> rows;
    const std::vector<const GraphEntry*> graphs = index.select(collection, split);
    if (graphs.empty()) return rows;
    for (const Method& method : methodsFor(index, collection, noiselessRoot)) {
        ReferenceScore row{method.name, method.shortName, 0, 0, 1e300, 0};
        for (const GraphEntry* g : graphs) {
            const std::string path = graphFilePath(index, *g);
            const auto [value, opa] =
                metricsOf(collectionKind(collection), path, method.scores(path));
            row.mean += value, row.opa += opa, row.minimum = std::min(row.minimum, value);
            ++row.graphs;
        }
        row.mean /= row.graphs;
        row.opa /= row.graphs;
        rows.push_back(row);
    }
    return rows;
}

}  // namespace tpugraphs
