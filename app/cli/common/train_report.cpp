// Text lines for training progress and metrics.
#include "common/train_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "base/number_text.h"
#include "train/run_directory.h"

namespace tpugraphs::cli {

std::string metricReportName(const MetricSpec& spec) {
    std::string name = spec.key;
    std::replace(name.begin(), name.end(), '_', '-');
    return name;
}

std::string formatMetrics(const EvalMetrics& m) {
    std::string out;
    for (const MetricSpec& spec : kMetricTable) {
        const double value = metricValue(m, spec);
        if (spec.appliesTo(m.kind) && !std::isnan(value))
            out +=
                (out.empty() ? "" : "  ") + metricReportName(spec) + " " + metricText(spec, value);
    }
    return out + "  (" + std::to_string(m.graphs) + " graphs)";
}

std::string formatProgress(const TrainProgress& p) {
    char line[256];
    switch (p.phase) {
        case TrainPhase::Loading:
            return p.note == TrainNote::None ? p.message : "note: " + p.message;
        case TrainPhase::Validation:
            std::snprintf(line, sizeof line, "valid step %lld: ", static_cast<long long>(p.step));
            return line + formatMetrics(p.validation) + (p.bestSoFar ? "  [best]" : "");
        case TrainPhase::Finished:
            std::snprintf(line, sizeof line, "finished (%s) at step %lld/%lld in %s",
                          runStatusName(p.status), static_cast<long long>(p.step),
                          static_cast<long long>(p.totalSteps),
                          durationText(p.elapsedSeconds).c_str());
            return line;
        case TrainPhase::Training:
            break;
    }
    std::snprintf(
        line, sizeof line,
        "step %lld/%lld  epoch %d  loss %.4f  lr %.2e  configs/s %.0f  graphs/s %.1f  eta %s",
        static_cast<long long>(p.step), static_cast<long long>(p.totalSteps), p.epoch, p.loss, p.lr,
        p.configsPerSecond, p.graphsPerSecond, durationText(p.etaSeconds).c_str());
    return line;
}

}  // namespace tpugraphs::cli
