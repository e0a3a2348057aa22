// A chart view people can touch: the wheel zooms around the cursor, a left drag pans, a
// double-click or Home resets to the data's ranges; hovering shows tipAt()'s text as a tool tip
// and a click without a drag goes to clickedAt(). Subclasses call rememberRanges() after setting
// their axes, and nearestPoint() finds the point under the cursor.
#pragma once

#include <QtCharts/QChartView>

#include <vector>

class QAbstractAxis;
class QAbstractSeries;

namespace tpugraphs::ui {

class ZoomableChartView : public QChartView {
    Q_OBJECT
public:
    explicit ZoomableChartView(QWidget* parent = nullptr);
    void resetZoom();  // back to the ranges of rememberRanges()
    // The tool tip for a position in the viewport (empty: none), as hovering shows it.
    virtual QString tipAt(const QPoint& position) const;
    // Where a plotted value lies in the viewport (for tests and tool tips).
    QPoint viewportPosition(const QPointF& value, QAbstractSeries* series) const;

protected:
    void rememberRanges();  // the current axis ranges are "home"
    virtual void clickedAt(const QPoint& position);
    // Index of the point of `points` (of `series`) nearest `position`, within `maxPixels`, or -1;
    // `pixels` (optional) receives its distance.
    int nearestPoint(const QList<QPointF>& points, QAbstractSeries* series, const QPoint& position,
                     double* pixels = nullptr, double maxPixels = 10.0) const;

    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    struct Range {
        QAbstractAxis* axis;
        double min, max;
    };
    std::vector<Range> m_home;
    QPoint m_pressPos;
    QPoint m_lastPos;
    bool m_pressed = false;
    bool m_dragging = false;
};

}  // namespace tpugraphs::ui
