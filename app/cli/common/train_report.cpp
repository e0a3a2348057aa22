// Text lines for training progress and metrics.
#include "common/train_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tpugraphs::cli {

std::string formatDuration(double seconds) {
    if (!(seconds >= 0) || std::isinf(seconds)) return "?";
    const long s = std::lround(seconds);
    char text[32];
    if (s >= 3600)
        std::snprintf(text, sizeof text, "%ldh%02ldm", s / 3600, (s / 60) % 60);
    else if (s >= 60)
        std::snprintf(text, sizeof text, "%ldm%02lds", s / 60, s % 60);
    else
        std::snprintf(text, sizeof text, "%lds", s);
    return text;
}

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
            out += (out.empty() ? "" : "  ") + metricReportName(spec) + " " +
                   metricText(spec, value);
    }
    return out + "  (" + std::to_string(m.graphs) + " graphs)";
}

std::string formatProgress(const TrainProgress& p) {
    char line[256];
    switch (p.phase) {
        case TrainPhase::Loading:
            return p.message;
        case TrainPhase::Validation:
            std::snprintf(line, sizeof line, "valid step %lld: ", static_cast<long long>(p.step));
            return line + formatMetrics(p.validation) + (p.bestSoFar ? "  [best]" : "");
        case TrainPhase::Finished:
            std::snprintf(line, sizeof line, "finished (%s) at step %lld/%lld in %s",
                          p.message.c_str(), static_cast<long long>(p.step),
                          static_cast<long long>(p.totalSteps),
                          formatDuration(p.elapsedSeconds).c_str());
            return line;
        case TrainPhase::Training:
            break;
    }
    std::snprintf(
        line, sizeof line,
        "step %lld/%lld  epoch %d  loss %.4f  lr %.2e  configs/s %.0f  graphs/s %.1f  eta %s",
        static_cast<long long>(p.step), static_cast<long long>(p.totalSteps), p.epoch, p.loss, p.lr,
        p.configsPerSecond, p.graphsPerSecond, formatDuration(p.etaSeconds).c_str());
    return line;
}

}  // namespace tpugraphs::cli
