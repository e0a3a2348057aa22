// A value axis whose ticks sit at round values for any range, after a zoom or a pan too, and
// whose labels carry the app's units (common/units.h): durations in ns/µs/ms/s, plain numbers,
// whole counts, elapsed or wall-clock times, or the values of a log10 axis ("1 ms", "10 ms"). An
// axis without data shows no labels (not "0 0 0 0 1").
#pragma once

#include <QtCharts/QCategoryAxis>

namespace tpugraphs::ui {

class UnitAxis : public QCategoryAxis {
    Q_OBJECT
public:
    enum class Labels {
        Number,         // 0.25, 0.5, 0.75; 2.5e-3 for ticks closer than 0.001
        Integer,        // steps and counts: whole ticks only
        Duration,       // values in ns, labelled "1.5 ms"
        Log10Duration,  // log10 of values in ns, labelled by the value ("10 ms")
        Log10Number,    // log10 of values, labelled by the value ("0.01", "100")
        Elapsed,        // seconds, labelled "0:45", "12:30", "1:05:00"
        ClockTime,      // seconds since the epoch, labelled by the local time ("14:05")
    };

    explicit UnitAxis(Labels labels = Labels::Number, QObject* parent = nullptr);

    void setLabelKind(Labels labels);
    Labels labelKind() const { return m_labels; }
    // No data: no labels, no grid and no title (the range stays as set).
    void setEmpty(bool empty);
    bool isEmpty() const { return m_empty; }
    void setMaxTicks(int ticks);
    // The labels drawn now, in axis order.
    QStringList tickLabels() const;
    // The tick values drawn now.
    QList<double> tickValues() const;

private:
    struct Tick {
        double position;
        QString label;
        bool operator==(const Tick& other) const {
            return position == other.position && label == other.label;
        }
    };
    void rebuild();
    QList<Tick> computeTicks() const;

    Labels m_labels;
    bool m_empty = false;
    int m_maxTicks = 6;
};

// Fixed decimals up to this many; past it, a number axis labels in scientific notation.
constexpr int kMaxFixedDecimals = 3;
// A plain number axis' label of `value` for ticks `step` apart: "0.25", "1500", "2.5e-3".
QString numberText(double value, double step);
// Seconds as "m:ss" or "h:mm:ss".
QString elapsedText(double seconds);
// Seconds since the epoch as the local time, "hh:mm" or "hh:mm:ss".
QString clockText(double secondsSinceEpoch, bool withSeconds);

}  // namespace tpugraphs::ui
