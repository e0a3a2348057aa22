// Numbers and durations as text.
#include "base/number_text.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tpugraphs {

std::string fixedText(double value, int decimals) {
    if (!std::isfinite(value)) return "-";
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string shortestText(double value) {
    // The shortest of the shortest %g form and the shortest fixed form that read back exactly
    // ("1000", not "1e+03"; "1e-07", not "0.0000001").
    char general[64], fixed[64];
    for (int precision = 1; precision <= 17; ++precision) {
        std::snprintf(general, sizeof general, "%.*g", precision, value);
        if (std::strtod(general, nullptr) == value) break;
    }
    for (int decimals = 0; decimals <= 17; ++decimals) {
        std::snprintf(fixed, sizeof fixed, "%.*f", decimals, value);
        if (std::strtod(fixed, nullptr) == value) break;
    }
    const bool fixedExact = std::strtod(fixed, nullptr) == value;
    return fixedExact && std::strlen(fixed) <= std::strlen(general) ? fixed : general;
}

std::string durationText(double seconds) {
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

}  // namespace tpugraphs
