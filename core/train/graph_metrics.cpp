// Validation metrics through the metrics module.
#include "train/graph_metrics.h"

#include <cmath>

#include "metrics/kendall.h"
#include "metrics/ordered_pair_accuracy.h"
#include "metrics/tile_metrics.h"

namespace tpugraphs {

EvalMetrics graphMetrics(GraphKind kind, const std::vector<float>& scores,
                         const std::vector<double>& runtimes) {
    EvalMetrics m;
    m.graphs = 1;
    m.opa = orderedPairAccuracy(scores, runtimes);
    m.top1Error = topKError(scores, runtimes, 1);
    m.top5Error = topKError(scores, runtimes, 5);
    m.top10Error = topKError(scores, runtimes, 10);
    if (kind == GraphKind::Tile) {
        m.topKScore = 1.0 - m.top5Error;
    } else {
        std::vector<double> predicted(scores.begin(), scores.end());
        m.kendall = kendallTau(predicted, runtimes);
    }
    return m;
}

EvalMetrics meanMetrics(const std::vector<EvalMetrics>& perGraph) {
    EvalMetrics mean;
    mean.graphs = static_cast<int>(perGraph.size());
    auto average = [&](double EvalMetrics::*field) {
        double sum = 0;
        int count = 0;
        for (const auto& m : perGraph)
            if (!std::isnan(m.*field)) {
                sum += m.*field;
                ++count;
            }
        mean.*field = count ? sum / count : EvalMetrics::kNaN;
    };
    for (auto field : {&EvalMetrics::kendall, &EvalMetrics::opa, &EvalMetrics::topKScore,
                       &EvalMetrics::top1Error, &EvalMetrics::top5Error, &EvalMetrics::top10Error,
                       &EvalMetrics::loss})
        average(field);
    return mean;
}

}  // namespace tpugraphs
