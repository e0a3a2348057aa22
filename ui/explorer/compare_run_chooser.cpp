// CompareRunChooser: the run combo, the folder check and the prediction job.
#include "explorer/compare_run_chooser.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <exception>

#include "analysis/loaded_graph.h"
#include "common/job_runner.h"
#include "item_models/run_list_model.h"
#include "train/predictor.h"
#include "train/run_directory.h"

namespace tpugraphs::ui {

namespace {

// Item data of "Choose folder…": no run folder is named so.
const char* const kChooseFolder = "\n(choose folder)";

}  // namespace

CompareRunChooser::CompareRunChooser(QWidget* parent)
    : QWidget(parent),
      m_combo(new QComboBox(this)),
      m_status(new QLabel(this)),
      m_job(new JobRunner(this)) {
    m_combo->setObjectName("compareRun");
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_combo->setMinimumContentsLength(16);
    m_combo->setToolTip(QStringLiteral(
        "What ranks the differing nodes: the measured runtimes, or a trained run of this "
        "graph's collection (its predicted score of every config)"));
    m_status->setObjectName("compareRunStatus");
    m_status->setWordWrap(true);
    m_status->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_combo);
    layout->addWidget(m_status);
    connect(m_combo, &QComboBox::activated, this, &CompareRunChooser::onActivated);
    connect(m_job, &JobRunner::runningChanged, this, &CompareRunChooser::predictingChanged);
    refreshRuns();
}

void CompareRunChooser::setRunList(const RunListModel* runs) {
    if (m_runs) disconnect(m_runs, nullptr, this, nullptr);
    m_runs = runs;
    if (m_runs) {
        connect(m_runs, &QAbstractItemModel::rowsInserted, this, &CompareRunChooser::refreshRuns);
        connect(m_runs, &QAbstractItemModel::rowsRemoved, this, &CompareRunChooser::refreshRuns);
        connect(m_runs, &QAbstractItemModel::dataChanged, this, &CompareRunChooser::refreshRuns);
        connect(m_runs, &QAbstractItemModel::modelReset, this, &CompareRunChooser::refreshRuns);
    }
    refreshRuns();
}

void CompareRunChooser::setGraph(std::shared_ptr<const LoadedGraph> graph) {
    m_graph = graph && graph->layout ? std::move(graph) : nullptr;
    refreshRuns();
    predict();
}

QString CompareRunChooser::currentRun() const {
    return m_current;
}

bool CompareRunChooser::isPredicting() const {
    return m_job->isRunning();
}

// The list: measured, the runs of the graph's collection, "Choose folder…". A chosen run that
// does not fit the graph's collection falls back to the measured runtimes.
void CompareRunChooser::refreshRuns() {
    const std::optional<Collection> collection = m_graph ? m_graph->entry.collection : std::nullopt;
    QStringList dirs;
    if (m_runs && collection) dirs = m_runs->runsWithCheckpoint(*collection);
    for (const auto& [dir, of] : m_chosen)
        if (collection && of == *collection && !dirs.contains(dir)) dirs << dir;
    if (!dirs.contains(m_current)) m_current.clear();
    const QSignalBlocker block(m_combo);
    m_combo->clear();
    m_combo->addItem(QStringLiteral("Measured runtimes"), QString());
    for (const QString& dir : dirs) {
        m_combo->addItem(QStringLiteral("Run %1").arg(runDisplayName(dir)), dir);
        m_combo->setItemData(m_combo->count() - 1, QDir::toNativeSeparators(dir), Qt::ToolTipRole);
    }
    m_combo->addItem(QStringLiteral("Choose folder…"), QString::fromLatin1(kChooseFolder));
    m_combo->setCurrentIndex(std::max(0, m_combo->findData(m_current)));
    m_combo->setEnabled(m_graph != nullptr);
}

void CompareRunChooser::onActivated(int index) {
    const QString data = m_combo->itemData(index).toString();
    if (data != QLatin1String(kChooseFolder)) {
        chooseRun(data);
        return;
    }
    m_combo->setCurrentIndex(std::max(0, m_combo->findData(m_current)));
    const QString dir =
        QFileDialog::getExistingDirectory(this, QStringLiteral("Choose a Trained Run"));
    if (!dir.isEmpty()) chooseRun(dir);
}

QString CompareRunChooser::chooseRun(const QString& runDir) {
    const QString dir = runDir.isEmpty() ? QString() : QDir::cleanPath(runDir);
    QString problem;
    if (!dir.isEmpty()) {
        try {
            const RunInfo info = loadRunInfo(dir.toStdString());
            const std::optional<Collection> collection =
                m_graph ? m_graph->entry.collection : std::nullopt;
            if (!info.hasCheckpoint)
                problem = dir + QStringLiteral(" has no checkpoint yet: it cannot predict");
            else if (!collection || info.options.collection != *collection)
                problem = QStringLiteral("%1 was trained on %2; the open graph is %3")
                              .arg(dir, QString::fromUtf8(collectionName(info.options.collection)),
                                   collection ? QString::fromUtf8(collectionName(*collection))
                                              : QStringLiteral("not of a known collection"));
            else if (std::none_of(m_chosen.begin(), m_chosen.end(),
                                  [&dir](const auto& chosen) { return chosen.first == dir; }))
                m_chosen.emplace_back(dir, info.options.collection);
        } catch (const std::exception& e) {
            problem = QString::fromStdString(e.what());
        }
    }
    if (!problem.isEmpty()) {
        m_status->setText(QStringLiteral("Not a run for this graph: ") + problem);
        m_status->show();
        return problem;
    }
    m_current = dir;
    refreshRuns();
    predict();
    return {};
}

void CompareRunChooser::predict() {
    if (m_current.isEmpty() || !m_graph) {
        m_job->cancel();
        m_status->hide();
        Q_EMIT scoresReady({}, {});
        return;
    }
    const QString name = runDisplayName(m_current);
    const std::string run = m_current.toStdString();
    const std::shared_ptr<const LayoutGraph> layout = m_graph->layout;
    m_status->setText(QStringLiteral("Predicting every config with the run %1…").arg(name));
    m_status->show();
    m_job->start([this, run, layout, name](int id, const std::atomic<bool>&) {
        try {
            const std::vector<float> predicted = Predictor(run).predict(*layout);
            const std::vector<double> scores(predicted.begin(), predicted.end());
            m_job->finish(id, [this, scores, name] {
                m_status->hide();
                Q_EMIT scoresReady(scores, QStringLiteral("the run %1").arg(name));
            });
        } catch (const std::exception& e) {
            const QString message = QString::fromStdString(e.what());
            m_job->finish(id, [this, message, name] {
                m_status->setText(
                    QStringLiteral("The run %1 cannot predict this graph: %2").arg(name, message));
                // The combo says what ranks: the measured runtimes again.
                m_current.clear();
                m_combo->setCurrentIndex(0);
                Q_EMIT scoresReady({}, {});
            });
        }
    });
}

}  // namespace tpugraphs::ui
