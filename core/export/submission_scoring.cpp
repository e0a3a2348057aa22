// Submission scoring: per-graph scores from runtimes read off the npz files, then aggregation.
#include "export/submission_scoring.h"

#include <fstream>
#include <stdexcept>
#include <unordered_map>

#include "metrics/ground_truth.h"
#include "metrics/layout_metrics.h"
#include "metrics/tile_metrics.h"

namespace tpugraphs {
namespace {

constexpr size_t kMissingIdsKept = 10;

// A layout row listing fewer configs than the graph has (validate-submission warns, Kaggle
// accepts it) ranks the configs it lists: Kendall tau-b over those.
double layoutRowScore(const SubmissionRow& row, const std::vector<int64_t>& configRuntime) {
    if (row.configs.size() >= configRuntime.size())
        return layoutKendallTauFromRanking(row.configs, configRuntime);
    std::vector<int64_t> listedRuntime, order;
    for (const int64_t c : row.configs) {
        if (c < 0 || c >= static_cast<int64_t>(configRuntime.size()))
            return layoutKendallTauFromRanking(row.configs, configRuntime);  // refuses it
        order.push_back(static_cast<int64_t>(listedRuntime.size()));
        listedRuntime.push_back(configRuntime[static_cast<size_t>(c)]);
    }
    return layoutKendallTauFromRanking(order, listedRuntime);
}

double scoreRow(const SubmissionRow& row, const std::string& path) {
    const GraphRuntimes truth = readGraphRuntimes(path);
    try {
        if (truth.tile)
            return tileScoreFromChosen(
                normalizedTileRuntimes(truth.configRuntime, truth.normalizers), row.configs);
        return layoutRowScore(row, truth.configRuntime);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument((row.line > 0 ? std::to_string(row.line) + ": " : "") + row.id +
                                    ": " + e.what());
    }
}

}  // namespace

std::string graphFilePath(const DatasetIndex& index, const GraphEntry& graph) {
    if (graph.path.empty() || graph.path[0] == '/' || std::ifstream(graph.path).good())
        return graph.path;
    return index.root + "/" + graph.path;
}

SubmissionScore scoreSubmission(const std::vector<SubmissionRow>& rows, const DatasetIndex& index,
                                Split split, const std::function<void(size_t, size_t)>& progress) {
    std::unordered_map<std::string, const SubmissionRow*> byId;
    for (const SubmissionRow& row : rows) byId.emplace(row.id, &row);

    std::vector<const GraphEntry*> graphs;
    SubmissionScore result;
    for (const GraphEntry& graph : index.graphs) {
        if (graph.split != split || !graph.collection) continue;
        if (graph.error.empty())
            graphs.push_back(&graph);
        else
            ++result.unreadableGraphs;
    }

    size_t matched = 0;
    for (size_t i = 0; i < graphs.size(); ++i) {
        const GraphEntry& graph = *graphs[i];
        const std::string id = submissionId(*graph.collection, graph.name);
        const auto found = byId.find(id);
        if (found == byId.end()) {
            ++result.graphsWithoutRow;
            if (result.missingIds.size() < kMissingIdsKept) result.missingIds.push_back(id);
        } else {
            ++matched;
            result.graphs.push_back({*graph.collection, graph.name,
                                     scoreRow(*found->second, graphFilePath(index, graph))});
        }
        if (progress) progress(i + 1, graphs.size());
    }
    result.rowsWithoutGraph = byId.size() - matched;
    result.summary = aggregateScores(result.graphs);
    return result;
}

}  // namespace tpugraphs
