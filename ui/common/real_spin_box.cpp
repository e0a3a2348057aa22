// Real spin box: shortest text, logarithmic steps over many decades.
#include "common/real_spin_box.h"

#include <cmath>

#include "base/number_text.h"

namespace tpugraphs::ui {

RealSpinBox::RealSpinBox(QWidget* parent) : QDoubleSpinBox(parent) {
    setDecimals(12);  // the value keeps its digits; the text is the shortest form
}

QString RealSpinBox::textFromValue(double value) const {
    return QString::fromStdString(shortestText(value));
}

double RealSpinBox::valueFromText(const QString& text) const {
    return text.trimmed().toDouble();
}

QValidator::State RealSpinBox::validate(QString& text, int&) const {
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty() || trimmed == "-" || trimmed.endsWith('e') || trimmed.endsWith("e-"))
        return QValidator::Intermediate;
    bool ok = false;
    const double value = trimmed.toDouble(&ok);
    if (!ok) return QValidator::Invalid;
    return value >= minimum() && value <= maximum() ? QValidator::Acceptable
                                                    : QValidator::Intermediate;
}

void RealSpinBox::stepBy(int steps) {
    if (!m_logarithmic || value() <= 0) return QDoubleSpinBox::stepBy(steps);
    // 1, 2, 5, 10, 20, 50, ... : the usual grid of a learning-rate search.
    const double grid[] = {1, 2, 5};
    double v = value();
    for (int i = 0; i < std::abs(steps); ++i) {
        const double decade = std::pow(10.0, std::floor(std::log10(v) + 1e-9));
        const double mantissa = v / decade;
        double next = v;
        if (steps > 0) {
            next = decade * 10;
            for (double g : grid)
                if (g > mantissa + 1e-9) {
                    next = decade * g;
                    break;
                }
        } else {
            next = decade / 2;
            for (int g = 2; g >= 0; --g)
                if (grid[g] < mantissa - 1e-9) {
                    next = decade * grid[g];
                    break;
                }
        }
        v = next;
    }
    setValue(v);
}

}  // namespace tpugraphs::ui
