// Per-graph validation metrics through the metric functions, and their mean over graphs.
#include "metrics/eval_metrics.h"

#include <algorithm>
#include <cmath>

#include "metrics/kendall.h"
#include "metrics/ordered_pair_accuracy.h"
#include "metrics/tile_metrics.h"

namespace tpugraphs {

EvalMetrics graphMetrics(GraphKind kind, const std::vector<float>& scores,
                         const std::vector<double>& runtimes) {
    EvalMetrics m;
    m.kind = kind;
    m.graphs = 1;
    m.opa = orderedPairAccuracy(scores, runtimes);
    const bool positive =
        !runtimes.empty() && *std::min_element(runtimes.begin(), runtimes.end()) > 0;
    if (kind == GraphKind::Tile || positive) {
        m.top1Error = topKError(scores, runtimes, 1);
        m.top5Error = topKError(scores, runtimes, 5);
        m.top10Error = topKError(scores, runtimes, 10);
    }
    if (kind == GraphKind::Tile)
        m.top5Score = 1.0 - m.top5Error;  // 2 - min(top-5)/min(all), K = min(5, C)
    else
        m.kendall = kendallTau(scores.data(), runtimes.data(), scores.size());
    return m;
}

EvalMetrics meanMetrics(GraphKind kind, const std::vector<EvalMetrics>& perGraph) {
    EvalMetrics mean;
    mean.kind = kind;
    mean.graphs = static_cast<int>(perGraph.size());
    for (const MetricSpec& spec : kMetricTable) {
        switch (spec.reduction) {
            case MetricReduction::MeanOverGraphs: {
                double sum = 0;
                int count = 0;
                for (const EvalMetrics& m : perGraph)
                    if (!std::isnan(metricValue(m, spec))) {
                        sum += metricValue(m, spec);
                        ++count;
                    }
                mean.*spec.field = count ? sum / count : EvalMetrics::kNaN;
                break;
            }
        }
    }
    return mean;
}

}  // namespace tpugraphs
