// Fixed-decimal text of a number.
#include "base/number_text.h"

#include <cmath>
#include <cstdio>

namespace tpugraphs {

std::string fixedText(double value, int decimals) {
    if (!std::isfinite(value)) return "-";
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

}  // namespace tpugraphs
