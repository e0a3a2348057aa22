// Polling a run directory's files off the UI thread.
#include "training/run_follower.h"

#include <QFileInfo>

#include <exception>

namespace tpugraphs::ui {

namespace {

bool sameRow(const TrainProgress& a, const TrainProgress& b) {
    return a.step == b.step && a.isValidation == b.isValidation && a.loss == b.loss;
}

}  // namespace

RunFollower::RunFollower(const QString& runDir, int intervalMs, QObject* parent)
    : QObject(parent), m_dir(runDir) {
    connect(&m_timer, &QTimer::timeout, this, &RunFollower::poll);
    m_timer.start(intervalMs);
    poll();
}

RunFollower::~RunFollower() {
    m_timer.stop();
}

RunFollower::Read RunFollower::read(const QString& dir, const QString& lastSignature) {
    Read result;
    for (const char* name : {"format.json", "state.json", "history.csv"}) {
        const QFileInfo file(dir + "/" + name);
        result.signature += QString("%1:%2:%3;")
                                .arg(name)
                                .arg(file.exists() ? file.size() : -1)
                                .arg(file.lastModified().toMSecsSinceEpoch());
    }
    if (result.signature == lastSignature) return result;
    try {
        result.run = loadRunInfo(dir.toStdString());
        result.hasRun = true;
    } catch (const std::exception& e) {
        result.error = QString::fromStdString(e.what());
    }
    return result;
}

void RunFollower::poll() {
    if (m_reader.isRunning()) return;
    m_reader.start([this, dir = m_dir, signature = m_signature](int jobId,
                                                                const std::atomic<bool>&) {
        m_reader.finish(
            jobId, [this, result = read(dir, signature)]() mutable { onRead(std::move(result)); });
    });
}

void RunFollower::onRead(Read result) {
    if (result.signature == m_signature) return;
    m_signature = result.signature;
    if (!result.hasRun) {
        if (result.error != m_error) Q_EMIT unreadable(m_error = result.error);
        return;
    }
    m_error.clear();
    const auto& before = m_run.history;
    const auto& now = result.run.history;
    size_t kept = std::min(before.size(), now.size());
    while (kept > 0 && !sameRow(before[kept - 1], now[kept - 1])) --kept;
    const bool rewritten = kept < before.size();
    m_run = std::move(result.run);
    Q_EMIT changed(rewritten ? 0 : static_cast<int>(kept), rewritten);
}

}  // namespace tpugraphs::ui
