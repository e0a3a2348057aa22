// Everything the predictions page shows about one predicted graph.
#include "train/predicted_graph.h"

#include <cmath>

#include "metrics/kendall.h"

namespace tpugraphs {

PredictedGraph computePredictedGraph(const GraphPrediction& prediction, Split split) {
    PredictedGraph d;
    d.prediction = prediction;
    GraphEntry entry = describeGraphFile(prediction.path);
    entry.collection = prediction.collection;
    entry.split = split;
    auto graph = std::make_shared<LoadedGraph>(loadGraph(entry));
    d.graph = graph;
    const size_t n = std::min(prediction.scores.size(), graph->runtimes.size());
    std::vector<double> scores(prediction.scores.begin(), prediction.scores.begin() + long(n));
    if (graph->measured && n >= 2)
        d.kendall = kendallTau(scores, std::vector<double>(graph->runtimes.begin(),
                                                           graph->runtimes.begin() + long(n)));
    if (graph->layout) {
        std::vector<double> value(n);
        d.sensitivityFromMeasured = graph->measured;
        for (size_t c = 0; c < n; ++c)
            value[c] = graph->measured ? std::log(std::max(1e-12, graph->runtimes[c])) : scores[c];
        d.sensitivity = layoutSensitivity(*graph->layout, value);
        d.topology = std::make_shared<GraphTopology>(topologyOf(*graph->layout));
    }
    return d;
}

}  // namespace tpugraphs
