// Shared helpers of the graph view tests: a small graph, a laid-out view, real input events.
#pragma once

#include <QApplication>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QWheelEvent>
#include <memory>

#include "graphview/graph_view_widget.h"

namespace tpugraphs::ui::test {

// 0 parameter, 1 parameter -> 2 add -> 3 dot -> 4 multiply -> 5 tuple (and 2 -> 5);
// computations [0, 3) and [3, 6); 3 is configurable.
inline std::shared_ptr<const GraphTopology> smallGraph() {
    auto t = std::make_shared<GraphTopology>();
    t->nodeCount = 6;
    t->opcode = {63, 63, 2, 34, 59, 100};
    t->edgeFrom = {0, 1, 2, 3, 4, 2};
    t->edgeTo = {2, 2, 3, 4, 5, 5};
    t->configurable = {3};
    t->computationStart = {0, 3, 6};
    return t;
}

// A shown 800 x 600 view that has drawn `graph` in `mode` (ok: the drawing arrived in time).
class GraphViewFixture {
public:
    explicit GraphViewFixture(std::shared_ptr<const GraphTopology> graph,
                              GraphViewMode mode = GraphViewMode::Whole) {
        view.resize(800, 600);
        view.show();
        view.setViewMode(mode);
        QSignalSpy finished(&view, &GraphViewWidget::drawingFinished);
        view.setGraph(std::move(graph), GraphViewWidget::Opening::AsChosen);
        ok = view.isDrawing() && finished.wait(20000) && view.scene() != nullptr;
    }
    GraphViewWidget view;
    bool ok = false;
};

// A mouse move without buttons (QTest's own moves carry the buttons an earlier test left down).
inline void hover(QWidget& widget, const QPoint& position) {
    QMouseEvent move(QEvent::MouseMove, position, widget.mapToGlobal(position), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&widget, &move);
}

// A drag with the left button held, as a mouse move event.
inline void dragTo(QWidget& widget, const QPoint& position) {
    QMouseEvent move(QEvent::MouseMove, position, widget.mapToGlobal(position), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&widget, &move);
}

// `notches` wheel notches at a widget position (positive: away from the user, zooming in).
inline void wheel(QWidget& widget, const QPointF& position, int notches) {
    QWheelEvent event(position, widget.mapToGlobal(position), QPoint(), QPoint(0, 120 * notches),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&widget, &event);
}

}  // namespace tpugraphs::ui::test
