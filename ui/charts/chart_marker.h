// A marked config (best, default) drawn on the runtime charts.
#pragma once

#include <QColor>
#include <QString>

namespace tpugraphs::ui {

struct ChartMarker {
    QString label;  // e.g. "best: config 17"
    double x = 0;   // position on the chart's x axis
    double y = 0;   // position on the y axis (scatter / curve markers)
    QColor color;
};

}  // namespace tpugraphs::ui
