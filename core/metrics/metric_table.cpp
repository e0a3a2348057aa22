// Lookups and formatting over the metric table.
#include "metrics/metric_table.h"

#include <cmath>
#include <cstdio>

namespace tpugraphs {

double EvalMetrics::primary() const {
    return metricValue(*this, scoreMetric(kind));
}

const MetricSpec* findMetric(const std::string& key) {
    for (const MetricSpec& spec : kMetricTable)
        if (key == spec.key) return &spec;
    return nullptr;
}

const MetricSpec& scoreMetric(GraphKind kind) {
    for (const MetricSpec& spec : kMetricTable)
        if (spec.score && spec.appliesTo(kind)) return spec;
    return kMetricTable[0];  // unreachable: the table has a score for each kind (tested)
}

bool metricIsBetter(const MetricSpec& spec, double a, double b) {
    if (std::isnan(a)) return false;
    if (std::isnan(b)) return true;
    return spec.direction == MetricDirection::HigherIsBetter ? a > b : a < b;
}

std::string metricText(const MetricSpec& spec, double value) {
    char text[48];
    std::snprintf(text, sizeof text, spec.style == 'g' ? "%.*g" : "%.*f", spec.precision, value);
    return text;
}

}  // namespace tpugraphs
