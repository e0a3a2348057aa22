// The selected graph on the predictions page.
#include "predictions/graph_detail_view.h"

#include <QChart>
#include <QChartView>
#include <QHeaderView>
#include <QLabel>
#include <QScatterSeries>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

#include "charts/unit_axis.h"
#include "common/units.h"
#include "explorer/table_export.h"
#include "graphview/graph_view_panel.h"
#include "graphview/graph_view_widget.h"
#include "metrics/ranking.h"

namespace tpugraphs::ui {

namespace {

constexpr int kMaxDetailScatterPoints = 4000;

QTableWidgetItem* cell(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return item;
}

// Sorts by its number, not its text.
class NumberItem : public QTableWidgetItem {
public:
    NumberItem(double v, const QString& text) : QTableWidgetItem(text), m_v(v) {}
    bool operator<(const QTableWidgetItem& other) const override {
        const auto* o = dynamic_cast<const NumberItem*>(&other);
        return o ? m_v < o->m_v : QTableWidgetItem::operator<(other);
    }

private:
    double m_v;
};

QTableWidgetItem* number(double v, const QString& text) {
    auto* item = new NumberItem(v, text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QTableWidgetItem* number(double v, int decimals) {
    return number(v, QString::number(v, 'f', decimals));
}

}  // namespace

GraphDetailView::GraphDetailView(QWidget* parent)
    : QWidget(parent),
      m_header(new QLabel),
      m_chart(new QChartView),
      m_points(new QScatterSeries),
      m_x(new UnitAxis(UnitAxis::Labels::Log10Number, this)),
      m_y(new UnitAxis(UnitAxis::Labels::Number, this)),
      m_top(new QTableWidget(0, 5)),
      m_best(new QLabel),
      m_sensitivityNote(new QLabel),
      m_sensitivity(new QTableWidget(0, 3)),
      m_graph(new GraphViewPanel) {
    m_header->setObjectName("graphHeader");
    m_header->setWordWrap(true);
    m_header->setTextFormat(Qt::RichText);
    auto* chart = new QChart;
    chart->setTitle("Predicted score vs true runtime (each point a config)");
    chart->legend()->hide();
    m_points->setMarkerSize(6);
    m_points->setBorderColor(Qt::transparent);
    m_points->setColor(QColor(31, 119, 180, 150));
    chart->addSeries(m_points);
    m_x->setTitleText("true runtime (log scale)");
    m_y->setTitleText("predicted score (lower = faster)");
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    m_points->attachAxis(m_x);
    m_points->attachAxis(m_y);
    m_chart->setChart(chart);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setObjectName("scatterChart");

    m_top->setObjectName("topTable");
    m_top->setHorizontalHeaderLabels(
        {"Pred. rank", "Config", "Pred. score", "True runtime", "True rank"});
    m_top->verticalHeader()->hide();
    m_top->horizontalHeader()->setStretchLastSection(true);
    installTableExport(m_top);
    m_best->setWordWrap(true);
    auto* topPage = new QWidget;
    auto* topLayout = new QVBoxLayout(topPage);
    topLayout->addWidget(m_top, 1);
    topLayout->addWidget(m_best);

    m_sensitivity->setObjectName("sensitivityTable");
    m_sensitivity->setHorizontalHeaderLabels({"Node", "Layouts seen", "Spread"});
    m_sensitivity->verticalHeader()->hide();
    m_sensitivity->horizontalHeader()->setStretchLastSection(true);
    m_sensitivity->setSortingEnabled(true);
    m_sensitivity->setSelectionBehavior(QAbstractItemView::SelectRows);
    installTableExport(m_sensitivity);  // several rows selectable for Copy
    // A node chosen in the table is selected and centred in the graph below.
    connect(m_sensitivity, &QTableWidget::currentCellChanged, this, [this](int row) {
        const QTableWidgetItem* item = row >= 0 ? m_sensitivity->item(row, 0) : nullptr;
        if (!item) return;
        const int node = item->text().toInt();
        m_graph->view()->selectNode(node);
        m_graph->view()->centreOnNode(node);
    });
    m_sensitivityNote->setWordWrap(true);
    auto* sensPage = new QSplitter(Qt::Vertical);
    auto* sensTop = new QWidget;
    auto* sensLayout = new QVBoxLayout(sensTop);
    sensLayout->setContentsMargins(0, 0, 0, 0);
    sensLayout->addWidget(m_sensitivityNote);
    sensLayout->addWidget(m_sensitivity, 1);
    sensPage->addWidget(sensTop);
    sensPage->addWidget(m_graph);
    sensPage->setSizes({160, 340});

    auto* tabs = new QTabWidget;
    tabs->addTab(m_chart, "Predicted vs true");
    tabs->addTab(topPage, "Top-5 vs best");
    tabs->addTab(sensPage, "Node sensitivity");
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_header);
    layout->addWidget(tabs, 1);
    clear("Select a graph in the table.");
}

void GraphDetailView::clear(const QString& message) {
    m_header->setText(message);
    m_points->clear();
    m_top->setRowCount(0);
    m_best->clear();
    m_sensitivity->setRowCount(0);
    m_sensitivityNote->clear();
    m_graph->setGraph(nullptr);
}

int GraphDetailView::scatterPointCount() const {
    return m_points->count();
}

void GraphDetailView::setDetail(const PredictedGraph& d) {
    const GraphPrediction& p = d.prediction;
    QString header =
        QString("<b>%1</b> (%2, %3 configs)")
            .arg(QString::fromStdString(p.name), QString::fromUtf8(collectionName(p.collection)))
            .arg(p.scores.size());
    if (d.graph->measured) {
        header += QString(" &nbsp; rank correlation (Kendall tau-b, score vs runtime): <b>%1</b>")
                      .arg(d.kendall, 0, 'f', 4);
        if (p.hasRuntimes)
            header += QString(" &nbsp; OPA %1 &nbsp; %2")
                          .arg(p.metrics.opa, 0, 'f', 4)
                          .arg(p.metrics.kind == GraphKind::Tile
                                   ? QString("top-5 score %1").arg(p.metrics.top5Score, 0, 'f', 4)
                                   : QString());
    } else {
        header += " &nbsp; (test split: no true runtimes, predictions only)";
    }
    m_header->setText(header);
    showScatter(d);
    showTop(d);
    showSensitivity(d);
}

void GraphDetailView::showScatter(const PredictedGraph& d) {
    QList<QPointF> points;
    const auto& runtimes = d.graph->runtimes;
    const size_t n = std::min(runtimes.size(), d.prediction.scores.size());
    const size_t stride =
        std::max<size_t>(1, n / kMaxDetailScatterPoints + (n % kMaxDetailScatterPoints ? 1 : 0));
    double x0 = std::numeric_limits<double>::max(), x1 = -x0, y0 = x0, y1 = -x0;
    for (size_t c = 0; d.graph->measured && c < n; c += stride) {
        if (runtimes[c] <= 0) continue;
        const QPointF pt(std::log10(runtimes[c]), d.prediction.scores[c]);
        points.append(pt);
        x0 = std::min(x0, pt.x());
        x1 = std::max(x1, pt.x());
        y0 = std::min(y0, pt.y());
        y1 = std::max(y1, pt.y());
    }
    m_points->replace(points);
    // Round ticks; layout runtimes (ns) labelled "1 ms", tile ratios as numbers.
    m_x->setLabelKind(d.graph->kind == GraphKind::Layout ? UnitAxis::Labels::Log10Duration
                                                         : UnitAxis::Labels::Log10Number);
    m_x->setEmpty(points.isEmpty());
    m_y->setEmpty(points.isEmpty());
    if (points.isEmpty()) return;
    const double padX = std::max(1e-6, 0.05 * (x1 - x0)), padY = std::max(1e-6, 0.05 * (y1 - y0));
    m_x->setRange(x0 - padX, x1 + padX);
    m_y->setRange(y0 - padY, y1 + padY);
}

void GraphDetailView::showTop(const PredictedGraph& d) {
    const auto& scores = d.prediction.scores;
    const auto& runtimes = d.graph->runtimes;
    const std::vector<int64_t> predicted = rankByScore(scores);
    std::vector<int64_t> trueRank(runtimes.size(), -1);
    if (d.graph->measured) {
        std::vector<float> asScores(runtimes.begin(), runtimes.end());
        const std::vector<int64_t> order = rankByScore(asScores);
        for (size_t r = 0; r < order.size(); ++r) trueRank[size_t(order[r])] = int64_t(r);
    }
    const int rows = int(std::min<size_t>(5, predicted.size()));
    m_top->setRowCount(rows);
    for (int r = 0; r < rows; ++r) {
        const size_t c = size_t(predicted[size_t(r)]);
        m_top->setItem(r, 0, cell(QString::number(r + 1)));
        m_top->setItem(r, 1, cell(QString::number(c)));
        m_top->setItem(r, 2, number(scores[c], scoreText(scores[c])));
        // Layout runtimes in ns/µs/ms/s, tile runtime ratios with 3 digits (not "133502.0000").
        m_top->setItem(
            r, 3,
            d.graph->measured
                ? number(runtimes[c], runtimeText(runtimes[c], d.graph->kind == GraphKind::Layout))
                : cell("-"));
        m_top->setItem(r, 4,
                       d.graph->measured ? cell(QString::number(trueRank[c] + 1)) : cell("-"));
    }
    const int64_t best = d.graph->bestConfig();
    if (best < 0) {
        m_best->setText("True best: unknown (no measured runtimes in this split).");
        return;
    }
    const auto it = std::find(predicted.begin(), predicted.end(), best);
    double bestTop5 = std::numeric_limits<double>::max();
    for (int r = 0; r < rows; ++r)
        bestTop5 = std::min(bestTop5, runtimes[size_t(predicted[size_t(r)])]);
    m_best->setText(
        QString("True best: config %1 (runtime %2), predicted rank %3. Best of the "
                "predicted top-5 is %4x the true best.")
            .arg(best)
            .arg(runtimeText(runtimes[size_t(best)], d.graph->kind == GraphKind::Layout))
            .arg(it - predicted.begin() + 1)
            .arg(bestTop5 / runtimes[size_t(best)], 0, 'f', 3));
}

void GraphDetailView::showSensitivity(const PredictedGraph& d) {
    m_sensitivity->setSortingEnabled(false);
    m_sensitivity->setRowCount(int(d.sensitivity.size()));
    if (!d.graph->layout) {
        m_sensitivityNote->setText(
            "Tile configs set the tile size of the whole kernel: there is no per-node "
            "sensitivity.");
        m_graph->setGraph(nullptr);
        return;
    }
    m_sensitivityNote->setText(
        QString("For each configurable node, configs are grouped by the layout that node takes "
                "(groups of 2+ configs). %1 Observational: other nodes vary too. Graph colour: "
                "the same spread; nodes without one are grey.")
            .arg(d.sensitivityFromMeasured
                     ? "Spread = ratio of the geometric-mean measured runtime of its slowest and "
                       "fastest layout."
                     : "Spread = max - min of the mean predicted score of its layouts (test "
                       "split: no runtimes)."));
    QVector<float> values(int(d.graph->nodeCount()), std::numeric_limits<float>::quiet_NaN());
    for (int r = 0; r < int(d.sensitivity.size()); ++r) {
        const NodeSensitivity& s = d.sensitivity[size_t(r)];
        // Measured: a runtime ratio; predicted: the spread in score units.
        const double shown = d.sensitivityFromMeasured ? std::exp(s.logSpread) : s.logSpread;
        m_sensitivity->setItem(r, 0, number(double(s.node), 0));
        m_sensitivity->setItem(r, 1, number(s.values, 0));
        m_sensitivity->setItem(r, 2, number(shown, 3));
        if (s.node >= 0 && s.node < values.size()) values[int(s.node)] = float(shown);
    }
    m_sensitivity->setSortingEnabled(true);
    m_sensitivity->sortItems(2, Qt::DescendingOrder);
    // The table's spread column and the graph's legend name the same units.
    const QString units = d.sensitivityFromMeasured ? QStringLiteral("Runtime spread (×)")
                                                    : QStringLiteral("Score spread");
    m_sensitivity->horizontalHeaderItem(2)->setText(units);
    m_graph->setGraph(d.topology);
    m_graph->view()->setNodeValues(values, units);
}

}  // namespace tpugraphs::ui
