// A one-line label that elides its text to its width.
#include "training/elided_label.h"

#include <QResizeEvent>

namespace tpugraphs::ui {

namespace {
constexpr int kMinChars = 12;  // the narrowest it asks for: a dozen characters
}

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent) {
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
}

void ElidedLabel::setFullText(const QString& text) {
    m_full = text;
    elide();
}

QSize ElidedLabel::minimumSizeHint() const {
    return {fontMetrics().averageCharWidth() * kMinChars, QLabel::minimumSizeHint().height()};
}

QSize ElidedLabel::sizeHint() const {
    return minimumSizeHint();
}

void ElidedLabel::resizeEvent(QResizeEvent* event) {
    QLabel::resizeEvent(event);
    elide();
}

void ElidedLabel::elide() {
    const QString shown = fontMetrics().elidedText(m_full, Qt::ElideRight, width());
    setText(shown);
    setToolTip(shown == m_full ? QString() : m_full);
}

}  // namespace tpugraphs::ui
