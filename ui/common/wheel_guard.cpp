// The wheel guard: an event filter on guarded fields.
#include "common/wheel_guard.h"

#include <QAbstractScrollArea>
#include <QCoreApplication>
#include <QEvent>
#include <QObject>
#include <QWidget>

namespace tpugraphs::ui {

namespace {

class WheelGuard : public QObject {
public:
    using QObject::QObject;

    bool eventFilter(QObject* watched, QEvent* event) override {
        auto* widget = qobject_cast<QWidget*>(watched);
        if (event->type() != QEvent::Wheel || !widget || widget->hasFocus()) return false;
        // The form around the field scrolls instead (its scroll area reads the wheel's angle
        // only, not its position).
        for (QWidget* parent = widget->parentWidget(); parent; parent = parent->parentWidget())
            if (auto* area = qobject_cast<QAbstractScrollArea*>(parent)) {
                QCoreApplication::sendEvent(area->viewport(), event);
                break;
            }
        return true;
    }
};

}  // namespace

void guardAgainstWheel(QWidget* field) {
    static WheelGuard* guard = new WheelGuard(QCoreApplication::instance());
    field->setFocusPolicy(Qt::StrongFocus);
    field->installEventFilter(guard);
}

}  // namespace tpugraphs::ui
