// A parallel-coordinates chart of the HParams table: one vertical axis per column (numbers
// scaled to their range, other values spread as categories), one polyline per run coloured by
// the chosen metric (low blue to high red; grey without a value). Clicking near a run's line
// selects it; the selected run is drawn on top, thick.
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

Q_SIGNALS:
    void rowClicked(int row);  // a row of the table

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    // The row's position on the column's axis, 0 (bottom) to 1 (top); NaN without a value.
    double unitValue(int row, int column) const;
    QColor colourOf(int row) const;
    QRectF plot() const;

    HParamsTable m_table;
    QList<int> m_rows;  // the rows shown (filtered)
    int m_colour = -1;
    int m_selected = -1;
};

}  // namespace tpugraphs::ui
