// A chart view people can touch: the wheel zooms around the cursor, a left drag pans, a
// double-click or Home resets to the data's ranges; resting the pointer on a point shows
// hoverAt()'s text in a tool-tip window at the pointer, kept inside the screen (not QToolTip, whose
// window Qt hides ~0.7 s after the pointer stops, and not a child of the chart, which cut a wide
// read-out at the chart's edge), that stays while the pointer stays, with the point highlighted; a
// click without a drag goes to clickedAt(). Subclasses call rememberRanges() after setting their
// axes, and nearestPoint() finds the point under the cursor.
#pragma once

#include <QPointF>
#include <QRect>
#include <QString>
#include <QtCharts/QChartView>

#include <vector>

class QAbstractAxis;
class QLabel;
class QAbstractSeries;
class QScatterSeries;

namespace tpugraphs::ui {

// What lies under the pointer: the tool tip's text and the point to highlight.
struct ChartHover {
    QString text;                       // empty: nothing under the pointer
    QPointF value;                      // the point, in the coordinates of `series`
    QAbstractSeries* series = nullptr;  // whose axes place it; null: no highlight
};

class ZoomableChartView : public QChartView {
    Q_OBJECT
public:
    explicit ZoomableChartView(QWidget* parent = nullptr);
    void resetZoom();  // back to the ranges of rememberRanges()
    // What hovering `position` (in the viewport) shows.
    virtual ChartHover hoverAt(const QPoint& position) const;
    QString tipAt(const QPoint& position) const { return hoverAt(position).text; }
    // Where a plotted value lies in the viewport (for tests and tool tips).
    QPoint viewportPosition(const QPointF& value, QAbstractSeries* series) const;
    // The text of the tip shown now; empty when none is shown.
    QString shownTip() const;
    // Where the tip shown now lies, in global (screen) coordinates; empty when none is shown.
    QRect shownTipGeometry() const;
    // The highlighted point (hover), if any.
    bool hasHighlight() const;
    QPointF highlightedPoint() const;

protected:
    void rememberRanges();  // the current axis ranges are "home"
    virtual void clickedAt(const QPoint& position);
    // Index of the point of `points` (of `series`) nearest `position`, within `maxPixels`, or -1;
    // `pixels` (optional) receives its distance.
    int nearestPoint(const QList<QPointF>& points, QAbstractSeries* series, const QPoint& position,
                     double* pixels = nullptr, double maxPixels = 10.0) const;
    // Shows what lies at `position` (tool tip and highlight), or hides both.
    void updateHover(const QPoint& position);
    void clearHover();

    bool viewportEvent(QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    QScatterSeries* highlight();
    void showTip(const QPoint& position, const QString& text);

    struct Range {
        QAbstractAxis* axis;
        double min, max;
    };
    std::vector<Range> m_home;
    QScatterSeries* m_highlight = nullptr;  // one point, drawn over the others
    QLabel* m_tip = nullptr;                // the hover tip, a tool-tip window
    QPoint m_pressPos;
    QPoint m_lastPos;
    bool m_pressed = false;
    bool m_dragging = false;
};

}  // namespace tpugraphs::ui
