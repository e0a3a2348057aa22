// What the screenshot drivers share: running the event loop until a condition holds, and
// saving a widget as a PNG (its own rendering, the same on any display).
#pragma once

#include <QApplication>
#include <QElapsedTimer>
#include <QPainter>
#include <QPixmap>
#include <QString>
#include <QThread>
#include <QWidget>

#include <cstdio>
#include <functional>

namespace tpugraphs::ui {

// Runs the event loop until `done` holds (or the timeout passes); false on timeout.
inline bool waitUntil(const std::function<bool()>& done, int timeoutMs) {
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > timeoutMs) return false;
        QApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(20);
    }
    return true;
}

// The widget as drawn, with the tool-tip windows shown over it (a chart's read-out) painted in.
inline QPixmap grabWithTips(QWidget* widget) {
    QPixmap image = widget->grab();
    QPainter painter(&image);
    for (QWidget* tip : QApplication::topLevelWidgets())
        if (tip->isVisible() && tip->windowType() == Qt::ToolTip)
            painter.drawPixmap(widget->mapFromGlobal(tip->pos()), tip->grab());
    return image;
}

inline void save(QWidget* widget, const QString& file) {
    QApplication::processEvents();
    const bool ok = grabWithTips(widget).save(file);
    std::printf("%s %s\n", ok ? "saved" : "FAILED", qPrintable(file));
}

}  // namespace tpugraphs::ui
