// The number fields of the training form.
#include "training/form_fields.h"

#include <QLineEdit>
#include <QTimer>
#include <QToolTip>

#include <climits>

#include "base/number_text.h"
#include "common/wheel_guard.h"
#include "train/option_table.h"

namespace tpugraphs::ui {

namespace {

const char* const kPercentSuffix = " %";

QString number(double value, bool percent) {
    return QString::fromStdString(shortestText(percent ? value * 100 : value)) +
           (percent ? kPercentSuffix : "");
}

// "Held-out configs takes 0 % (the valid split) to 90 %".
QString rangeText(const OptionSpec& spec, bool percent) {
    QString low = number(spec.min, percent);
    if (spec.min == 0 && !spec.zeroMeans.empty())
        low += " (" + QString::fromStdString(spec.zeroMeans) + ")";
    return QString::fromStdString(spec.label) + " takes " + low + " to " +
           number(spec.max, percent);
}

// Shows or clears the refusal on `box`: red frame and the range as its tool tip, shown now.
void showRefusal(QAbstractSpinBox* box, const QString& refusal, const QString& help) {
    QTimer::singleShot(0, box, [box, refusal, help] {
        box->setStyleSheet(refusal.isEmpty() ? QString()
                                             : "QAbstractSpinBox { border: 2px solid #c00000; }");
        box->setToolTip(refusal.isEmpty() ? help : refusal + "\n\n" + help);
        if (refusal.isEmpty())
            QToolTip::hideText();
        else if (box->isVisible())
            QToolTip::showText(box->mapToGlobal(QPoint(0, box->height())), refusal, box);
    });
}

QString stripped(QString text) {
    text = text.trimmed();
    if (text.endsWith('%')) text.chop(1);
    return text.trimmed();
}

}  // namespace

bool isPercentOption(const OptionSpec& spec) {
    return spec.kind == OptionKind::Real && !spec.logScale && spec.min >= 0 && spec.max <= 1;
}

IntegerField::IntegerField(const OptionSpec& spec, QWidget* parent)
    : QSpinBox(parent), m_spec(spec), m_help(QString::fromStdString(optionHelp(spec))) {
    setRange(int(spec.min), int(std::min<double>(spec.max, INT_MAX)));
    if (spec.min == 0 && !spec.zeroMeans.empty())
        setSpecialValueText(QString::fromStdString(spec.zeroMeans));
    setToolTip(m_help);
    guardAgainstWheel(this);
}

QValidator::State IntegerField::validate(QString& text, int& position) const {
    const QValidator::State state = QSpinBox::validate(text, position);
    bool ok = false;
    const qlonglong typed = text.trimmed().toLongLong(&ok);
    QString refusal;
    if (ok && (typed < minimum() || typed > maximum()))
        refusal = text.trimmed() + " is out of range: " + rangeText(m_spec, false);
    if (refusal != m_refusal) {
        m_refusal = refusal;
        showRefusal(const_cast<IntegerField*>(this), refusal, m_help);
    }
    // Out of range: kept on screen, not Acceptable (the value stays the last valid one).
    return ok && !refusal.isEmpty() ? QValidator::Intermediate : state;
}

RealField::RealField(const OptionSpec& spec, QWidget* parent)
    : RealSpinBox(parent),
      m_spec(spec),
      m_percent(isPercentOption(spec)),
      m_help(QString::fromStdString(optionHelp(spec))) {
    const double scale = m_percent ? 100 : 1;
    setRange(spec.min * scale, spec.max * scale);
    setSingleStep(m_percent ? 5 : spec.max <= 1 ? 0.05 : 0.1);
    setLogarithmic(spec.logScale);
    if (m_percent) setSuffix(kPercentSuffix);
    if (spec.min == 0 && !spec.zeroMeans.empty())
        setSpecialValueText(QString::fromStdString(spec.zeroMeans));
    setToolTip(m_help);
    guardAgainstWheel(this);
}

double RealField::optionValue() const {
    return m_percent ? value() / 100 : value();
}

void RealField::setOptionValue(double value) {
    setValue(m_percent ? value * 100 : value);
}

double RealField::valueFromText(const QString& text) const {
    return RealSpinBox::valueFromText(stripped(text));
}

QValidator::State RealField::validate(QString& text, int& position) const {
    QString number = stripped(text);
    const QValidator::State state = RealSpinBox::validate(number, position);
    bool ok = false;
    const double typed = number.toDouble(&ok);
    QString refusal;
    if (ok && (typed < minimum() || typed > maximum()))
        refusal = number + (m_percent ? kPercentSuffix : "") +
                  " is out of range: " + rangeText(m_spec, m_percent);
    if (refusal != m_refusal) {
        m_refusal = refusal;
        showRefusal(const_cast<RealField*>(this), refusal, m_help);
    }
    return state;
}

}  // namespace tpugraphs::ui
