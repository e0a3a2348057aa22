// Text lines for training progress and metrics.
#include "common/train_report.h"

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

std::string formatMetrics(const EvalMetrics& m) {
    std::string out;
    char cell[64];
    // Slowdowns of the chosen configs use 3 significant digits: on layout graphs whose
    // configs are within a fraction of a percent of each other they are tiny but not zero.
    auto add = [&](const char* name, double value, const char* format = "%s%s %.4f") {
        if (std::isnan(value)) return;
        std::snprintf(cell, sizeof cell, format, out.empty() ? "" : "  ", name, value);
        out += cell;
    };
    add("kendall", m.kendall);
    add("top5-score", m.topKScore);
    add("opa", m.opa);
    add("top1-err", m.top1Error, "%s%s %.3g");
    add("top5-err", m.top5Error, "%s%s %.3g");
    add("top10-err", m.top10Error, "%s%s %.3g");
    std::snprintf(cell, sizeof cell, "  (%d graphs)", m.graphs);
    return out + cell;
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
