// Heuristic config scores for the baseline submission.
#include "export/baseline_submission.h"

#include "data/graph_io.h"
#include "export/submission_scoring.h"

namespace tpugraphs {
namespace {

constexpr int kOutputBoundsProduct = 15;  // tile config feature "output_bounds_product"

}  // namespace

std::vector<float> tileBaselineScores(const TileGraph& graph) {
    std::vector<float> scores(static_cast<size_t>(graph.configCount()));
    for (size_t c = 0; c < scores.size(); ++c)
        scores[c] = -graph.configFeat[c * kTileConfigFeatureCount + kOutputBoundsProduct];
    return scores;
}

std::vector<float> layoutBaselineScores(const LayoutGraph& graph) {
    const PackedLayoutConfigs& packed = graph.configs;
    std::vector<float> scores(static_cast<size_t>(packed.configCount()), 0.0f);
    float values[kLayoutConfigFeatureCount];
    for (size_t c = 0; c < scores.size(); ++c) {
        for (int64_t j = 0; j < packed.nodeCount(); ++j) {
            packed.unpack(static_cast<int64_t>(c), j, values);
            for (float v : values) scores[c] += v == -1.0f ? 1.0f : 0.0f;
        }
    }
    return scores;
}

std::vector<SubmissionRow> baselineSubmission(const DatasetIndex& index, Split split,
                                              const std::function<void(size_t, size_t)>& progress) {
    std::vector<const GraphEntry*> graphs;
    for (const GraphEntry& graph : index.graphs)
        if (graph.split == split && graph.collection && graph.error.empty())
            graphs.push_back(&graph);

    std::vector<SubmissionRow> rows;
    for (size_t i = 0; i < graphs.size(); ++i) {
        const GraphEntry& graph = *graphs[i];
        const std::string path = graphFilePath(index, graph);
        if (graph.kind == GraphKind::Tile)
            rows.push_back(tileSubmissionRow(graph.name, tileBaselineScores(readTileGraph(path))));
        else
            rows.push_back(layoutSubmissionRow(*graph.collection, graph.name,
                                               layoutBaselineScores(readLayoutGraph(path))));
        if (progress) progress(i + 1, graphs.size());
    }
    return rows;
}

}  // namespace tpugraphs
