// The number fields of the training form. Both refuse a typed value outside the option's range
// out loud: the field turns red and a tool tip gives the range ("Held-out configs takes 0 %
// (the valid split) to 90 %"), kept until the value is corrected, instead of the keystroke
// vanishing or the value silently reverting. RealField shows a fraction (an option of range
// within 0 to 1) as a percent, typed as a percent too.
#pragma once

#include <QSpinBox>

#include "common/real_spin_box.h"

namespace tpugraphs {
struct OptionSpec;
}

namespace tpugraphs::ui {

class IntegerField : public QSpinBox {
    Q_OBJECT
public:
    explicit IntegerField(const OptionSpec& spec, QWidget* parent = nullptr);
    QValidator::State validate(QString& text, int& position) const override;
    // The last refusal shown, empty once the value is in range again.
    QString refusal() const { return m_refusal; }

private:
    const OptionSpec& m_spec;
    mutable QString m_refusal;
    QString m_help;
};

class RealField : public RealSpinBox {
    Q_OBJECT
public:
    explicit RealField(const OptionSpec& spec, QWidget* parent = nullptr);
    // Whether a fraction shows as a percent (value() is then the percent).
    bool isPercent() const { return m_percent; }
    // The option's value (the fraction of a percent field).
    double optionValue() const;
    void setOptionValue(double value);
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& position) const override;
    QString refusal() const { return m_refusal; }

private:
    const OptionSpec& m_spec;
    bool m_percent;
    mutable QString m_refusal;
    QString m_help;
};

// Whether an option is a fraction shown as a percent: a real of range within 0 to 1 that is not
// stepped logarithmically (a learning rate is not).
bool isPercentOption(const OptionSpec& spec);

}  // namespace tpugraphs::ui
