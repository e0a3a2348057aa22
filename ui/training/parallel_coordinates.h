// A parallel-coordinates chart of the HParams table: one vertical axis per column (numbers
// scaled to their range, other values spread as categories), one polyline per run coloured by
// the chosen metric (low blue to high red; grey without a value). Each axis shows its lowest and
// highest value at its ends and its full name under it, wrapped on two lines (elided only when
// even two lines are too narrow; the tool tip then gives it whole, with the axis' range).
// Clicking near a run's line selects it; the selected run is drawn on top, thick.
#pragma once

#include <QWidget>

#include "training/hparams_table.h"

namespace tpugraphs::ui {

class ParallelCoordinates : public QWidget {
    Q_OBJECT
public:
    explicit ParallelCoordinates(QWidget* parent = nullptr);

    void setTable(const HParamsTable& table, const QList<int>& rows);
    void setColourColumn(int column);
    void setSelectedRow(int row);
    // Where row `row`'s line crosses axis `column` (for tests); invalid when not drawn.
    QPointF pointOf(int row, int column) const;
    QSize minimumSizeHint() const override;
    // The name drawn under axis `column`: its full label when it fits on two lines.
    QString axisTitle(int column) const;
    // The values written at the axis' ends: {lowest, highest} (categories: first and last).
    QStringList axisEnds(int column) const;

Q_SIGNALS:
    void rowClicked(int row);  // a row of the table

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;  // the tool tip of an axis' name

private:
    // The row's position on the column's axis, 0 (bottom) to 1 (top); NaN without a value.
    double unitValue(int row, int column) const;
    QColor colourOf(int row) const;
    QRectF plot() const;
    double axisX(int column) const;
    // Where axis `column`'s name is drawn.
    QRectF titleRect(int column) const;
    // The column's distinct values, sorted (numbers by value); empty without a value.
    QStringList axisValues(int column) const;

    HParamsTable m_table;
    QList<int> m_rows;  // the rows shown (filtered)
    int m_colour = -1;
    int m_selected = -1;
};

}  // namespace tpugraphs::ui
