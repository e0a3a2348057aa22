// The graph view's legend: opcode-family colours and marks, or the value ramp when colouring by
// value.
#pragma once

#include <QRect>
#include <QString>

class QPainter;

namespace tpugraphs::ui {

struct GraphLegendContent {
    bool byValue = false;  // a value ramp instead of family colours
    QString valueTitle;
    float valueMin = 0.0f;
    float valueMax = 0.0f;
};

// Paints the legend in the top-right corner of `area`.
void paintGraphLegend(QPainter& painter, const QRect& area, const GraphLegendContent& content);

}  // namespace tpugraphs::ui
