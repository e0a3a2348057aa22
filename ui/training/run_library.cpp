// The runs the app knows.
#include "training/run_library.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSettings>

#include <exception>

#include "item_models/run_list_model.h"
#include "train/run_lock.h"
#include "training/run_curves.h"
#include "training/run_follower.h"

namespace tpugraphs::ui {

namespace {

const char* const kRunsKey = "training/runs";
const char* const kTickedKey = "training/tickedRuns";  // overlaid on the charts
constexpr int kFollowIntervalMs = 1000;
constexpr int kLivenessIntervalMs = 2000;  // listed "running" runs: still trained by someone?

QString clean(const QString& dir) {
    return QDir::cleanPath(dir);
}

// When the run's last session began: format.json is written as each session starts.
qint64 sessionStart(const QString& dir) {
    const QFileInfo format(dir + "/format.json");
    return format.exists() ? format.lastModified().toMSecsSinceEpoch() : 0;
}

}  // namespace

RunLibrary::RunLibrary(QObject* parent) : QObject(parent), m_model(new RunListModel(this)) {
    m_liveness.setInterval(kLivenessIntervalMs);
    connect(&m_liveness, &QTimer::timeout, this, &RunLibrary::checkLiveness);
    m_liveness.start();
    connect(m_model, &RunListModel::checkedChanged, this, &RunLibrary::curvesChanged);
    connect(m_model, &RunListModel::checkedChanged, this, &RunLibrary::remember);
}

RunLibrary::~RunLibrary() {
    qDeleteAll(m_followers);
}

const RunCurves* RunLibrary::curves(const QString& runDir) const {
    const auto it = m_curves.constFind(clean(runDir));
    return it == m_curves.constEnd() ? nullptr : it->get();
}

void RunLibrary::list(const RunInfo& info, bool checked) {
    const QString dir = clean(QString::fromStdString(info.runDir));
    auto curves = std::make_shared<RunCurves>();
    curves->appendAll(info.history);
    curves->setSessionStart(sessionStart(dir));
    m_curves.insert(dir, curves);
    RunInfo listed = info;
    listed.runDir = dir.toStdString();
    const bool known = m_model->rowOf(dir) >= 0;
    m_model->setChecked(m_model->addOrUpdate(listed), checked);
    Q_EMIT curvesChanged();
    if (known) return;
    remember();
    Q_EMIT runsChanged();
}

void RunLibrary::open(const QString& runDir) {
    const RunInfo info = readRunForListing(clean(runDir).toStdString());
    if (!info.unreadable.empty() && !isRunDirectory(info.runDir))
        throw RunError(info.unreadable);  // not a run at all: nothing to list
    list(info, true);
    if (!info.unreadable.empty()) throw RunError(info.unreadable);
}

void RunLibrary::follow(const QString& runDir) {
    const QString dir = clean(runDir);
    if (m_followers.contains(dir)) return;
    auto* follower = new RunFollower(dir, kFollowIntervalMs);
    m_followers.insert(dir, follower);
    connect(follower, &RunFollower::changed, this,
            [this, follower](int from, bool rewritten) { onFollowed(*follower, from, rewritten); });
    connect(follower, &RunFollower::unreadable, this, &RunLibrary::followProblem);
}

void RunLibrary::remove(const QString& runDir) {
    const QString dir = clean(runDir);
    m_model->remove(m_model->rowOf(dir));
    m_curves.remove(dir);
    delete m_followers.take(dir);
    remember();
    Q_EMIT runsChanged();
    Q_EMIT curvesChanged();
}

void RunLibrary::startLive(const RunInfo& info) {
    const QString dir = clean(QString::fromStdString(info.runDir));
    RunInfo live = info;  // a resumed run trains again: running, whatever it was
    live.status = RunStatus::Running;
    live.interrupted = false;
    live.failure.clear();
    m_model->setLiveRun(dir);
    list(live, true);
    m_curves[dir]->setSessionStart(QDateTime::currentMSecsSinceEpoch());  // starts now
    // Runs of other collections leave the charts: a layout run is not drawn over tile losses.
    for (int row = 0; row < m_model->rowCount(); ++row)
        if (m_model->run(row).options.collection != info.options.collection)
            m_model->setChecked(row, false);
}

void RunLibrary::appendLive(const TrainProgress& p) {
    const QString dir = m_model->liveRun();
    if (auto it = m_curves.find(dir); it != m_curves.end()) (*it)->append(p);
    m_model->recordProgress(m_model->rowOf(dir), p);
}

RunInfo RunLibrary::endLive(const QString& runDir) {
    const QString dir = clean(runDir);
    m_model->setLiveRun({});
    try {
        const RunInfo info = loadRunInfo(dir.toStdString());
        list(info, true);
        return info;
    } catch (const std::exception&) {
        // A run that ended before writing its files: nothing to list.
        remove(dir);
        return {};
    }
}

void RunLibrary::remember() const {
    QStringList ticked;
    for (int row = 0; row < m_model->rowCount(); ++row)
        if (m_model->isChecked(row)) ticked << clean(m_model->runDir(row));
    QSettings settings;
    settings.setValue(kRunsKey, m_model->runDirs());
    settings.setValue(kTickedKey, ticked);
}

void RunLibrary::restore() {
    const QSettings settings;
    const QStringList dirs = settings.value(kRunsKey).toStringList();
    const QStringList ticked = settings.value(kTickedKey).toStringList();
    for (const QString& dir : dirs) {
        if (!isRunDirectory(dir.toStdString())) continue;  // deleted since
        // Listed, drawn when ticked last time; a damaged run or one of another format says so.
        list(readRunForListing(dir.toStdString()), ticked.contains(clean(dir)));
    }
}

void RunLibrary::checkLiveness() {
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const RunInfo& listed = m_model->run(row);
        if (listed.status != RunStatus::Running || listed.interrupted ||
            m_model->runDir(row) == m_model->liveRun() || runIsAlive(listed.runDir))
            continue;
        RunInfo info = listed;
        info.interrupted = true;
        m_model->addOrUpdate(info);
        const QString dir = clean(QString::fromStdString(info.runDir));
        if (m_followers.contains(dir)) Q_EMIT followedRunEnded(dir, info);
    }
}

void RunLibrary::onFollowed(const RunFollower& follower, int from, bool rewritten) {
    const QString dir = follower.runDir();
    if (dir == m_model->liveRun()) return;  // trained here: its reports come directly
    RunInfo info = follower.run();
    info.runDir = dir.toStdString();
    auto& curves = m_curves[dir];
    if (!curves || rewritten) {
        curves = std::make_shared<RunCurves>();
        from = 0;
    }
    for (size_t i = static_cast<size_t>(from); i < info.history.size(); ++i)
        curves->append(info.history[i]);
    curves->setSessionStart(sessionStart(dir));
    const int row = m_model->rowOf(dir);
    const bool known = row >= 0;
    const bool wasTraining =
        known && m_model->run(row).status == RunStatus::Running && !m_model->run(row).interrupted;
    m_model->setChecked(m_model->addOrUpdate(info), true);  // followed: chosen to be seen
    if (wasTraining && info.status != RunStatus::Running) Q_EMIT followedRunEnded(dir, info);
    Q_EMIT curvesChanged();
    if (known) return;
    remember();
    Q_EMIT runsChanged();
}

}  // namespace tpugraphs::ui
