// A spin box for real options: shows the shortest text that reads back exactly ("0.001", not
// "0.0010000"), and, when logarithmic (a learning rate), steps along 1, 2, 5, 10, 20, ...
// instead of by a fixed amount.
#pragma once

#include <QDoubleSpinBox>

namespace tpugraphs::ui {

class RealSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    explicit RealSpinBox(QWidget* parent = nullptr);

    QString textFromValue(double value) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& position) const override;
    void stepBy(int steps) override;
    // Steps by factors on the 1-2-5 grid instead of by singleStep().
    void setLogarithmic(bool logarithmic) { m_logarithmic = logarithmic; }

private:
    bool m_logarithmic = false;
};

}  // namespace tpugraphs::ui
