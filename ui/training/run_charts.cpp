// The live charts of the training page, one chart per metric.
#include "training/run_charts.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPixmap>
#include <QRegularExpression>
#include <QResizeEvent>
#include <QSaveFile>
#include <QScrollArea>
#include <QSettings>
#include <QSlider>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <iterator>

#include "training/metric_chart.h"
#include "training/smoothing.h"

namespace tpugraphs::ui {

namespace {

// Paced redraws: one chart per pass of the event loop, this far apart, so that the UI thread
// never paints every chart in one go (a chart's repaint is a few ms; all of them, a frame or two).
constexpr int kPaceIntervalMs = 4;
constexpr int kMaxColumns = 3;
constexpr int kSliderSteps = 999;  // the slider's positions: weight = position / 1000
const char* const kSmoothingKey = "charts/smoothing";

// Charts in display order, with their titles.
struct ChartSpec {
    CurveMetric metric;
    QString title;
    QString objectName;
};

// "top5_score" -> "top5ScoreChart"
QString chartObjectName(const char* key) {
    QString name;
    bool upper = false;
    for (const char* c = key; *c; ++c) {
        if (*c == '_') {
            upper = true;
            continue;
        }
        name += upper ? QChar(*c).toUpper() : QChar(*c);
        upper = false;
    }
    return name + "Chart";
}

// "Validation top-5 score (tile)": the kind said when the metric is of one kind alone.
QString chartTitle(const MetricSpec& spec) {
    const QString only = spec.kinds == kTileMetric     ? " (tile)"
                         : spec.kinds == kLayoutMetric ? " (layout)"
                                                       : "";
    return QString("Validation ") + spec.label + only;
}

// The loss and the learning rate, then a chart per metric of the metric table, in its order.
const QList<ChartSpec>& charts() {
    static const QList<ChartSpec> specs = [] {
        QList<ChartSpec> list{{CurveMetric::SmoothedLoss, "Training loss", "lossChart"},
                              {CurveMetric::LearningRate, "Learning rate", "learningRateChart"}};
        for (const MetricSpec& spec : kMetricTable)
            list.append({CurveMetric::of(spec), chartTitle(spec), chartObjectName(spec.key)});
        return list;
    }();
    return specs;
}

const struct {
    ChartX kind;
    const char* text;
} kXKinds[] = {
    {ChartX::Step, "Step"},
    {ChartX::RunFraction, "Fraction of each run"},
    {ChartX::RelativeTime, "Time since the start"},
    {ChartX::WallTime, "Wall time"},
};

bool isValidation(CurveMetric metric) {
    return metric.validation() != nullptr;
}

// The recorded metric a chart draws (the loss chart: the raw loss, smoothed when drawn).
CurveMetric recordedMetric(CurveMetric chart) {
    return chart == CurveMetric::SmoothedLoss ? CurveMetric::Loss : chart;
}

// Whether the smoothing slider smooths a chart: every measured curve, as TensorBoard does, but not
// the learning rate, a schedule set by the options (smoothing would only shift its steps).
bool smoothable(CurveMetric chart) {
    return chart != CurveMetric::LearningRate;
}

// Whether a run of this kind reports `metric` (the metric table says which kinds it applies to).
bool reports(const ShownRun& run, CurveMetric metric) {
    const MetricSpec* spec = metric.validation();
    return !spec || spec->appliesTo(run.layout ? GraphKind::Layout : GraphKind::Tile);
}

// A run's points of `metric` with the x of `kind`.
QList<QPointF> placed(const ShownRun& run, CurveMetric metric, ChartX kind) {
    QList<QPointF> points = run.curves->points(metric);
    const QList<double>& seconds = run.curves->seconds(metric);
    const double start = run.curves->startMsecs() / 1000.0;
    for (qsizetype i = 0; i < points.size(); ++i) {
        QPointF& p = points[i];
        switch (kind) {
            case ChartX::Step:
                break;
            case ChartX::RunFraction:
                p.setX(p.x() / std::max(1.0, run.totalSteps));
                break;
            case ChartX::RelativeTime:
                p.setX(seconds.value(i));
                break;
            case ChartX::WallTime:
                p.setX(start + seconds.value(i));
                break;
        }
    }
    return points;
}

QString fileStem(const QString& title) {
    QString stem = title.toLower();
    stem.replace(QRegularExpression("[^a-z0-9]+"), "-");
    return stem.remove(QRegularExpression("^-|-$"));
}

}  // namespace

RunCharts::RunCharts(QWidget* parent)
    : QWidget(parent),
      m_smoothing(new QSlider(Qt::Horizontal)),
      m_smoothingValue(new QLabel),
      m_legend(new QLabel),
      m_xKind(new QComboBox),
      m_logLoss(new QCheckBox("Loss: log scale")),
      m_scroll(new QScrollArea),
      m_grid(new QGridLayout),
      m_pace(new QTimer(this)) {
    auto* grid = new QWidget;
    grid->setLayout(m_grid);
    m_grid->setContentsMargins(0, 0, 0, 0);
    for (const ChartSpec& spec : charts()) {
        auto* chart = new MetricChart(spec.title, grid);
        chart->setObjectName(spec.objectName);
        chart->setMinimumSize(kMinChartWidth, kMinChartHeight);
        m_charts.insert(spec.metric, chart);
        addChartMenu(spec.metric, chart);
    }
    m_scroll->setObjectName("chartsScroll");
    m_scroll->setWidget(grid);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_legend->setObjectName("runsLegend");
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    layout->addWidget(buildToolbar());
    layout->addWidget(m_legend);
    layout->addWidget(m_scroll, 1);
    m_pace->setInterval(kPaceIntervalMs);
    connect(m_pace, &QTimer::timeout, this, &RunCharts::drawNextPending);
    showRuns({});
}

QWidget* RunCharts::buildToolbar() {
    m_smoothing->setObjectName("smoothingSlider");
    m_smoothing->setRange(0, kSliderSteps);
    m_smoothing->setSingleStep(10);  // 0.01 a key press, 0.1 a page
    m_smoothing->setPageStep(100);
    m_smoothing->setValue(
        int(std::lround(QSettings().value(kSmoothingKey, kDefaultSmoothing).toDouble() * 1000)));
    m_smoothing->setToolTip(
        "Smooths the training loss and every validation curve: TensorBoard's debiased "
        "exponential moving average, from 0 (raw) to 0.999; the raw curve stays faint behind "
        "and the read-out gives both. The learning rate, a schedule, is drawn as set; exported "
        "curves are as measured.");
    m_smoothing->setMinimumWidth(80);
    m_smoothingValue->setObjectName("smoothingValue");
    m_smoothingValue->setMinimumWidth(fontMetrics().horizontalAdvance("0.999"));
    showSmoothing();
    connect(m_smoothing, &QSlider::valueChanged, this, [this] {
        showSmoothing();
        QSettings().setValue(kSmoothingKey, smoothing());
        Q_EMIT redrawRequested();
    });
    m_xKind->setObjectName("xAxisKind");
    for (const auto& x : kXKinds) m_xKind->addItem(x.text, int(x.kind));
    m_xKind->setToolTip(
        "What x shows: each run's steps; step / planned steps (runs of different lengths line up "
        "from 0 to 1); the time since each run began; or the wall-clock time");
    connect(m_xKind, &QComboBox::currentIndexChanged, this, [this] {
        for (MetricChart* chart : m_charts) chart->setXKind(xKind());
        Q_EMIT redrawRequested();
    });
    m_logLoss->setObjectName("lossLogScale");
    m_logLoss->setToolTip(
        "The training loss on a log scale: a run whose loss exploded no longer flattens the "
        "others (the linear scale leaves far outliers off the chart and says so)");
    connect(m_logLoss, &QCheckBox::toggled, this, &RunCharts::setLossLogScale);
    auto* exportAll = new QToolButton;
    exportAll->setObjectName("exportAllCurves");
    exportAll->setText("Export curves…");
    exportAll->setToolTip(
        "Every recorded curve of the shown runs as one CSV file (run, metric, step, wall_time, "
        "value), as measured: not smoothed");
    connect(exportAll, &QToolButton::clicked, this, [this] {
        askAndSave("Export Curves", "CSV files (*.csv)", "curves.csv",
                   [this](const QString& path) { return saveAllCurvesCsv(path); });
    });
    auto* bar = new QWidget;
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel("Smoothing"));
    row->addWidget(m_smoothing, 1);
    row->addWidget(m_smoothingValue);
    row->addSpacing(8);
    row->addWidget(new QLabel("x:"));
    row->addWidget(m_xKind);
    row->addWidget(m_logLoss);
    row->addWidget(exportAll);
    return bar;
}

void RunCharts::addChartMenu(CurveMetric metric, MetricChart* chart) {
    chart->setContextMenuPolicy(Qt::ActionsContextMenu);
    const QString stem = fileStem(chart->title());
    auto* png = new QAction("Save Chart as PNG…", chart);
    connect(png, &QAction::triggered, this, [this, metric, stem] {
        askAndSave("Save Chart", "PNG images (*.png)", stem + ".png",
                   [this, metric](const QString& path) { return saveChartPng(metric, path); });
    });
    auto* csv = new QAction("Save Chart's Curves as CSV…", chart);
    connect(csv, &QAction::triggered, this, [this, metric, stem] {
        askAndSave("Save Curves", "CSV files (*.csv)", stem + ".csv",
                   [this, metric](const QString& path) { return saveChartCsv(metric, path); });
    });
    auto* all = new QAction("Export All Curves of the Shown Runs…", chart);
    connect(all, &QAction::triggered, this, [this] {
        askAndSave("Export Curves", "CSV files (*.csv)", "curves.csv",
                   [this](const QString& path) { return saveAllCurvesCsv(path); });
    });
    chart->addActions({png, csv, all});
}

void RunCharts::askAndSave(const QString& title, const QString& filter, const QString& suggested,
                           const std::function<QString(const QString&)>& save) {
    const QString path = QFileDialog::getSaveFileName(this, title, suggested, filter);
    if (path.isEmpty()) return;
    const QString error = save(path);
    if (!error.isEmpty()) QMessageBox::warning(this, title, error);
}

QList<CurveSource> RunCharts::sources() const {
    QList<CurveSource> sources;
    for (const ShownRun& run : m_runs) sources.append({run.name, run.curves});
    return sources;
}

QString RunCharts::saveAllCurvesCsv(const QString& path) const {
    return writeCurvesCsv(path, sources());
}

QString RunCharts::saveChartCsv(CurveMetric chart, const QString& path) const {
    QList<CurveSource> shown;
    for (const ShownRun& run : m_runs)
        if (reports(run, chart)) shown.append({run.name, run.curves});
    return writeCurvesCsv(path, shown, {recordedMetric(chart)});
}

QString RunCharts::saveChartPng(CurveMetric chart, const QString& path) const {
    MetricChart* view = m_charts.value(chart);
    if (!view) return "No such chart";
    // Drawn again at print size, at least twice the screen's pixels and 1,600 px wide (a grab
    // of a chart in the grid was 347 x 210), then written whole or not at all.
    const qreal scale = std::max(2.0, 1600.0 / std::max(1, view->width()));
    QPixmap image(view->size() * scale);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    view->QWidget::render(&image);  // the widget, not QGraphicsView::render(QPainter*)
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit())
        return "Could not write the image " + path;
    return {};
}

void RunCharts::showSmoothing() {
    m_smoothingValue->setText(QString::number(smoothing(), 'f', smoothing() >= 0.99 ? 3 : 2));
}

double RunCharts::smoothing() const {
    return m_smoothing->value() / 1000.0;
}

void RunCharts::setSmoothing(double weight) {
    m_smoothing->setValue(int(std::lround(std::clamp(weight, 0.0, kMaxSmoothing) * 1000)));
}

ChartX RunCharts::xKind() const {
    return ChartX(m_xKind->currentData().toInt());
}

void RunCharts::setXKind(ChartX kind) {
    m_xKind->setCurrentIndex(m_xKind->findData(int(kind)));
}

void RunCharts::setPaced(bool paced) {
    m_paced = paced;
    while (!paced && !m_pending.isEmpty()) drawNextPending();
}

void RunCharts::drawNextPending() {
    if (m_pending.isEmpty()) {
        m_pace->stop();
        return;
    }
    const CurveMetric metric = m_pending.firstKey();
    m_charts.value(metric)->setCurves(m_pending.take(metric));
}

void RunCharts::setLossLogScale(bool log) {
    const QSignalBlocker block(m_logLoss);
    m_logLoss->setChecked(log);
    m_charts.value(CurveMetric::SmoothedLoss)->setLogScale(log);
    Q_EMIT redrawRequested();
}

MetricChart* RunCharts::scoreChart() const {
    for (const ChartSpec& spec : charts())
        if (isValidation(spec.metric) && m_visible.contains(m_charts.value(spec.metric)))
            return m_charts.value(spec.metric);
    return nullptr;
}

QList<MetricChart*> RunCharts::visibleCharts() const {
    return m_visible;
}

QList<ChartCurve> RunCharts::curvesOf(CurveMetric metric, const QList<ShownRun>& runs) const {
    const ChartX x = xKind();
    const double weight = smoothing();
    QList<ChartCurve> curves;
    for (const ShownRun& run : runs) {
        if (!reports(run, metric)) continue;
        const QList<QPointF> points = placed(run, recordedMetric(metric), x);
        if (smoothable(metric) && weight > 0) {
            // Raw faint behind (validations keep their markers), smoothed bold.
            curves.append(ChartCurve{run.name, points, run.color, true, isValidation(metric)});
            curves.append(ChartCurve{run.name, smoothed(points, weight), run.color, false, false});
        } else {
            curves.append(ChartCurve{run.name, points, run.color, false, isValidation(metric)});
        }
    }
    return curves;
}

void RunCharts::showLegend(const QList<ShownRun>& runs) {
    QStringList entries;
    for (const ShownRun& run : runs)
        entries << QString("<span style=\"color:%1\">&#9632;</span>&nbsp;%2")
                       .arg(run.color.name(), run.name.toHtmlEscaped());
    m_legend->setText(entries.join(" &nbsp; "));
    m_legend->setVisible(int(runs.size()) > kChartLegendRuns);
    for (MetricChart* chart : m_charts)
        chart->chart()->legend()->setVisible(int(runs.size()) <= kChartLegendRuns);
}

void RunCharts::showRuns(const QList<ShownRun>& runs) {
    m_runs = runs;
    showLegend(runs);
    QList<MetricChart*> visible;
    for (const ChartSpec& spec : charts()) {
        const QList<ChartCurve> curves = curvesOf(spec.metric, runs);
        MetricChart* chart = m_charts.value(spec.metric);
        // A chart is redrawn only when its curves changed: while a run trains, most refreshes
        // add no validation point, and redrawing an unchanged chart costs the UI thread a frame.
        size_t drawn = qHashMulti(0, int(xKind()), smoothing(), chart->logScale(), curves.size());
        for (const ChartCurve& c : curves)
            drawn = qHashMulti(drawn, c.name, c.color.rgba(), c.faint, c.points.size(),
                               c.points.isEmpty() ? 0.0 : c.points.last().x(),
                               c.points.isEmpty() ? 0.0 : c.points.last().y());
        if (!m_drawn.contains(spec.metric) || m_drawn.value(spec.metric) != drawn) {
            if (m_paced) {
                m_pending[spec.metric] = curves;
                if (!m_pace->isActive()) m_pace->start();
            } else {
                chart->setCurves(curves);
            }
        }
        m_drawn[spec.metric] = drawn;
        const bool noPoints = std::all_of(curves.begin(), curves.end(),
                                          [](const ChartCurve& c) { return c.points.isEmpty(); });
        chart->setPlaceholder(runs.isEmpty() ? "no run selected"
                              : noPoints     ? "no points yet"
                                             : QString());
        // Loss and learning rate always; a validation chart when a shown run reports its
        // metric (with no run: the table's first metric of both kinds, OPA, as the empty
        // validation chart).
        if (!isValidation(spec.metric) || !curves.isEmpty() ||
            (runs.isEmpty() && spec.metric.validation()->kinds == kEveryKindMetric &&
             visible.size() == 2))
            visible.append(chart);
    }
    if (visible != m_visible) arrange(visible);
}

int RunCharts::columnsFor(int width) const {
    const int spacing = m_grid->spacing() < 0 ? 6 : m_grid->spacing();
    const int fit = std::max(1, (width + spacing) / (kMinChartWidth + spacing));
    return std::clamp(fit, 1, std::min<int>(kMaxColumns, std::max<int>(1, m_visible.size())));
}

void RunCharts::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (columnsFor(m_scroll->viewport()->width()) != m_columns) arrange(m_visible);
}

void RunCharts::arrange(const QList<MetricChart*>& visible) {
    for (MetricChart* chart : m_charts) {
        m_grid->removeWidget(chart);
        chart->setVisible(visible.contains(chart));
    }
    m_visible = visible;
    m_columns = columnsFor(m_scroll->viewport()->width());
    const int rows = (int(visible.size()) + m_columns - 1) / m_columns;
    for (int i = 0; i < visible.size(); ++i)
        m_grid->addWidget(visible[i], i / m_columns, i % m_columns);
    for (int i = 0; i < int(charts().size()); ++i) {
        m_grid->setColumnStretch(i, i < m_columns ? 1 : 0);  // equal cells, whatever the hints
        m_grid->setRowStretch(i, i < rows ? 1 : 0);
    }
}

}  // namespace tpugraphs::ui
