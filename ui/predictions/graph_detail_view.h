// The selected graph on the predictions page: rank correlation, predicted-vs-true scatter,
// predicted top-5 against the true best, and (layout) per-node sensitivity in a table and
// coloured on the graph view.
#pragma once

#include <QWidget>

#include "train/predicted_graph.h"

class QChartView;
class QLabel;
class QScatterSeries;
class QTableWidget;

namespace tpugraphs::ui {

class UnitAxis;

class GraphViewPanel;

class GraphDetailView : public QWidget {
    Q_OBJECT
public:
    explicit GraphDetailView(QWidget* parent = nullptr);

    void setDetail(const PredictedGraph& detail);
    void clear(const QString& message = {});

    int scatterPointCount() const;
    const QTableWidget* topTable() const { return m_top; }
    QTableWidget* sensitivityTable() const { return m_sensitivity; }
    GraphViewPanel* graphPanel() const { return m_graph; }

private:
    void showScatter(const PredictedGraph& d);
    void showTop(const PredictedGraph& d);
    void showSensitivity(const PredictedGraph& d);

    QLabel* m_header;
    QChartView* m_chart;
    QScatterSeries* m_points;
    UnitAxis* m_x;  // true runtime, log10, labelled by value
    UnitAxis* m_y;
    QTableWidget* m_top;
    QLabel* m_best;
    QLabel* m_sensitivityNote;
    QTableWidget* m_sensitivity;
    GraphViewPanel* m_graph;
};

}  // namespace tpugraphs::ui
