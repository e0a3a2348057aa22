// The training page: building its widgets and wiring them (the job, the runs, the charts).
#include "training/training_page.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

#include "common/status_line.h"
#include "item_models/run_list_model.h"
#include "training/elided_label.h"
#include "training/hparams_view.h"
#include "training/notes_log.h"
#include "training/run_advice.h"
#include "training/run_charts.h"
#include "training/run_library.h"
#include "training/runs_panel.h"
#include "training/training_form.h"
#include "training/training_job.h"

namespace tpugraphs::ui {

namespace {

constexpr int kRefreshIntervalMs = 80;  // charts and the rate line, never per step
constexpr int kLeftPanelWidth = 500;
constexpr int kChartsWidth = 1100;

QPushButton* button(const char* text, const char* name) {
    auto* b = new QPushButton(text);
    b->setObjectName(name);
    return b;
}

}  // namespace

TrainingPage::TrainingPage(QWidget* parent)
    : QWidget(parent),
      m_form(new TrainingForm),
      m_library(new RunLibrary(this)),
      m_panel(new RunsPanel(m_library->model())),
      m_charts(new RunCharts),
      m_hparams(new HParamsView),
      m_views(new QTabWidget),
      m_chartsAndRuns(new QSplitter(Qt::Vertical)),
      m_start(button("Start", "startButton")),
      m_pause(button("Pause", "pauseButton")),
      m_stop(button("Stop", "stopButton")),
      m_progress(new QProgressBar),
      m_rate(new ElidedLabel),
      m_validation(new QLabel),
      m_status(new StatusLine),
      m_advice(new RunAdvice),
      m_notes(new NotesLog),
      m_timer(new QTimer(this)) {
    qRegisterMetaType<tpugraphs::ui::RunOutcome>();
    m_progress->setObjectName("progressBar");
    m_rate->setObjectName("rateLabel");
    m_validation->setObjectName("validationLabel");
    m_validation->setWordWrap(true);
    buildLayout();
    connectSignals();
    m_timer->setObjectName("refreshTimer");
    m_timer->setInterval(kRefreshIntervalMs);
    m_timer->start();
    m_library->restore();
    updateButtons();
}

TrainingPage::~TrainingPage() {
    shutdown();
}

QWidget* TrainingPage::buildControls() {
    // Fixed heights and widths: lines that appear or grow never move the buttons or the lists.
    const int line = fontMetrics().lineSpacing();
    m_rate->setFixedHeight(line + 2);
    m_validation->setFixedHeight(2 * line + 2);
    m_validation->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    int buttonWidth = 0;
    for (const char* text : {"Start", "Pause", "Resume", "Stop"})
        buttonWidth = std::max(buttonWidth, QPushButton(text).sizeHint().width());
    for (QPushButton* b : {m_start, m_pause, m_stop}) b->setFixedWidth(buttonWidth);
    auto* formScroll = new QScrollArea;
    formScroll->setObjectName("formScroll");
    formScroll->setWidget(m_form);
    formScroll->setWidgetResizable(true);
    formScroll->setFrameShape(QFrame::NoFrame);
    formScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // The controls come first, so nothing above them can change their place.
    auto* buttons = new QHBoxLayout;
    for (QPushButton* b : {m_start, m_pause, m_stop}) buttons->addWidget(b);
    buttons->addStretch(1);
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(buttons);
    leftLayout->addWidget(m_progress);  // a row of its own: "stopped at N of M steps" fits
    leftLayout->addWidget(m_advice);
    leftLayout->addWidget(formScroll, 3);
    leftLayout->addWidget(m_rate);
    leftLayout->addWidget(m_validation);
    leftLayout->addWidget(m_status);
    leftLayout->addWidget(m_notes);
    return left;
}

void TrainingPage::buildLayout() {
    m_views->setObjectName("trainingViews");
    m_views->addTab(m_charts, "Charts");
    m_views->addTab(m_hparams, "HParams");
    // The runs under the charts, as wide as they are (their columns fit), 8 rows high where the
    // screen allows; the charts take the rest of the height, the form the whole left side.
    m_chartsAndRuns->setObjectName("chartsAndRuns");
    m_chartsAndRuns->addWidget(m_views);
    m_chartsAndRuns->addWidget(m_panel);
    m_chartsAndRuns->setStretchFactor(0, 1);
    m_chartsAndRuns->setStretchFactor(1, 0);  // a taller window grows the charts
    m_chartsAndRuns->setChildrenCollapsible(false);
    auto* splitter = new QSplitter;
    splitter->addWidget(buildControls());
    splitter->addWidget(m_chartsAndRuns);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes({kLeftPanelWidth, kChartsWidth});
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);
}

// The runs their 8 rows (RunsPanel::sizeHint) where that leaves the charts half the height; the
// splitter's own share would follow the charts' larger hint.
void TrainingPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_runsSized) return;
    m_runsSized = true;
    const int height = m_chartsAndRuns->height() - m_chartsAndRuns->handleWidth();
    const int runs = std::min(m_panel->sizeHint().height(), height / 2);
    m_chartsAndRuns->setSizes({height - runs, runs});
}

void TrainingPage::connectSignals() {
    connect(m_start, &QPushButton::clicked, this, &TrainingPage::startTrainingChecked);
    connect(m_pause, &QPushButton::clicked, this, &TrainingPage::togglePause);
    connect(m_stop, &QPushButton::clicked, this, &TrainingPage::stopTraining);
    connect(m_panel, &RunsPanel::openRequested, this, &TrainingPage::openRunDialog);
    connect(m_panel, &RunsPanel::saveAsRequested, this, &TrainingPage::saveRunAsDialog);
    connect(m_panel, &RunsPanel::resumeRequested, this, &TrainingPage::resumeRun);
    connect(m_panel, &RunsPanel::removeRequested, m_library, &RunLibrary::remove);
    connect(m_panel, &RunsPanel::exportCurvesRequested, this, &TrainingPage::exportRunCurvesDialog);
    connect(m_panel, &RunsPanel::filterChanged, this, [this] {
        m_chartsDirty = true;  // the charts draw the ticked runs the filter lists
        refreshCharts();
    });
    connect(m_library, &RunLibrary::runsChanged, this, &TrainingPage::runsChanged);
    connect(m_library, &RunLibrary::curvesChanged, this, [this] {
        m_chartsDirty = true;
        m_hparamsDirty = true;
    });
    connect(m_library, &RunLibrary::followProblem, this,
            [this](const QString& message) { showStatus("Following " + message, true); });
    connect(m_library, &RunLibrary::followedRunEnded, this,
            [this](const QString& runDir, const RunInfo& info) {
                showStatus("Followed run " + runDisplayName(runDir) + ": " + runStatusText(info),
                           info.status == RunStatus::Failed || info.interrupted);
            });
    connect(m_charts, &RunCharts::redrawRequested, this, [this] { m_chartsDirty = true; });
    // A rename or a tag edit: the HParams table shows the runs' display names.
    connect(
        runs(), &RunListModel::dataChanged, this,
        [this](const QModelIndex& from, const QModelIndex&, const QList<int>& roles) {
            if (from.column() == RunListModel::NameColumn && !roles.contains(Qt::CheckStateRole))
                m_hparamsDirty = true;
        });
    m_charts->setPaced(true);  // the live refresh never paints every chart in one pass
    connect(m_hparams, &HParamsView::runSelected, this, &TrainingPage::showRunInCharts);
    connect(m_hparams, &HParamsView::openSweepRequested, this, &TrainingPage::openSweepDialog);
    connect(m_advice, &RunAdvice::holdoutRequested, this, &TrainingPage::validateOnHeldOutConfigs);
    connect(m_timer, &QTimer::timeout, this, &TrainingPage::refresh);
}

RunListModel* TrainingPage::runs() const {
    return m_library->model();
}

const RunCurves* TrainingPage::curves(const QString& runDir) const {
    return m_library->curves(runDir);
}

bool TrainingPage::isTraining() const {
    return m_job && m_job->isRunning();
}

void TrainingPage::setDatasetRoot(const QString& root) {
    m_form->setDatasetRoot(root);
}

void TrainingPage::refresh() {
    if (isTraining()) {
        checkLossTrend();
        showLiveProgress();
    }
    refreshCharts();
    if (m_hparamsDirty && m_views->currentWidget() == m_hparams) refreshHParams();
    const QString summary = trainingSummary();
    if (summary != m_summary) {
        m_summary = summary;
        Q_EMIT trainingSummaryChanged(summary);
    }
}

void TrainingPage::updateButtons() {
    const bool running = isTraining();
    const bool paused = m_job && m_job->isPaused();
    m_start->setEnabled(!running);
    m_pause->setEnabled(running && m_job->canPause());
    m_pause->setToolTip(running && !m_job->canPause()
                            ? "A run on several worker processes cannot pause: their ranks "
                              "would time out waiting for each other"
                            : QString());
    m_stop->setEnabled(running);
    m_pause->setText(paused ? "Resume" : "Pause");
    m_form->setEnabled(!running);
    if (!running) m_progress->setRange(0, std::max(1, m_progress->maximum()));
}

void TrainingPage::showStatus(const QString& text, bool error) {
    m_status->showMessage(text, error);
}

}  // namespace tpugraphs::ui
