// The graph view's legend: opcode-family colours and marks, or the value ramp when colouring by
// value; translucent, in the top-right corner, folded to its header on request.
#pragma once

#include <QFont>
#include <QRect>
#include <QString>
#include <QStringList>

class QPainter;

namespace tpugraphs::ui {

struct GraphLegendContent {
    bool byValue = false;  // a value ramp instead of family colours
    QString valueTitle;
    float valueMin = 0.0f;
    float valueMax = 0.0f;
    bool collapsed = false;  // only the header
    QStringList rampLabels;  // the ramp's low, (middle,) high texts (empty: three values)
    QString markedText;      // what a ring means (empty: no rings)
    bool compact = false;    // a narrow view: no entries about the selection
};

struct GraphLegendGeometry {
    QRect box;     // the whole legend
    QRect header;  // its title row: a click there folds or unfolds it
};

// Where the legend lies in `area` (top-right corner), with `font` as the widget's font.
GraphLegendGeometry graphLegendGeometry(const QRect& area, const QFont& font,
                                        const GraphLegendContent& content);
void paintGraphLegend(QPainter& painter, const QRect& area, const GraphLegendContent& content);

}  // namespace tpugraphs::ui
