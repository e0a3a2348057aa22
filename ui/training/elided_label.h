// A one-line label that never widens its layout: text longer than its width is elided at the
// end, the full text in its tool tip (a long file path in a note no longer pushes the window
// past the screen).
#pragma once

#include <QLabel>

namespace tpugraphs::ui {

class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    void setFullText(const QString& text);
    QString fullText() const { return m_full; }
    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void elide();

    QString m_full;
};

}  // namespace tpugraphs::ui
