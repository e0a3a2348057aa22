// Numbers and durations as text, for every report, table, form and progress line.
#pragma once

#include <string>

namespace tpugraphs {

// Fixed decimals, "-" for what is not a number (report tables).
std::string fixedText(double value, int decimals = 4);
// The shortest text that reads back exactly ("1000", not "1e+03"; "1e-07", not "0.0000001").
std::string shortestText(double value);
// A duration such as an ETA: "45s", "1m23s", "2h05m"; "?" when unknown (negative or not finite).
std::string durationText(double seconds);

}  // namespace tpugraphs
