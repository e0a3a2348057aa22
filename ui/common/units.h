// Numbers as the app shows them, one unit system everywhere: durations in ns/µs/ms/s (the tree,
// the chart axes, tables and tool tips), speed-ups as factors ("1.0034×"), compact counts, scores
// with four decimals, and the round tick values of chart axes.
#pragma once

#include <QString>

#include <vector>

namespace tpugraphs::ui {

// A duration unit: its size in nanoseconds and its symbol.
struct DurationUnit {
    double ns = 1;
    const char* symbol = "ns";
};
// The largest unit not larger than |ns| (ns for values under 1 µs, s from 1 s up).
DurationUnit durationUnit(double ns);

// "233 ms", "3.5 µs", "80 s": three significant digits in the unit that fits.
QString durationText(double ns);
// In a given unit with a fixed number of decimals ("1.5 ms"): an axis's labels share one unit.
QString durationText(double ns, DurationUnit unit, int decimals);
// A runtime of a graph: layout runtimes are nanoseconds (durationText); tile runtimes are
// runtime / normalizer ratios, shown with three significant digits.
QString runtimeText(double value, bool nanoseconds);

// A speed-up or ratio >= 1 (best over median), always as a factor: under 1.1 with four
// decimals ("1.0034×", since "1.00×" would hide the gain), from 1.1 up with three significant
// digits ("1.25×", "12.5×").
QString speedupText(double ratio);
// Counts for a narrow column: exact up to 9,999, then "25.3k", "812k", "1.2M".
QString compactCount(qint64 n);
// A competition score or metric (Kendall tau, top-5 score, OPA): four decimals; "-" for NaN.
QString scoreText(double value);

// Round axis ticks: the step (1, 2 or 5 x 10^k) that puts at most `maxTicks` ticks on [lo, hi].
double roundTickStep(double lo, double hi, int maxTicks);
// The multiples of `step` within [lo, hi].
std::vector<double> roundTicks(double lo, double hi, double step);
// Decimals that show a multiple of `step` exactly (step 0.25 -> 2, 5 -> 0).
int decimalsForStep(double step);

}  // namespace tpugraphs::ui
