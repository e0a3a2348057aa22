// Local worker processes of one run, followed through the run directory.
#include "training/workers_runner.h"

#include <QDir>

#include <signal.h>

#include <exception>

#include "base/background_priority.h"
#include "base/program_path.h"
#include "train/option_table.h"
#include "train/run_directory.h"
#include "training/run_follower.h"

namespace tpugraphs::ui {

namespace {

constexpr int kWorkersFollowIntervalMs = 300;

}  // namespace

WorkersRunner::WorkersRunner(int workers, QObject* parent)
    : TrainingJob(parent),
      m_workers(workers),
      m_program(QString::fromStdString(programBeside("tpugraphs"))) {
    m_process.setProcessChannelMode(QProcess::MergedChannels);
    // The workers train at background priority, as the in-process training does: the UI first.
    m_process.setChildProcessModifier([] { lowerCallingThreadToBackground(); });
    connect(&m_process, &QProcess::finished, this, &WorkersRunner::onExited);
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            Q_EMIT finished(m_runDir,
                            RunOutcome{RunStatus::Failed, 0,
                                       m_program + ": cannot start the training command"});
    });
}

WorkersRunner::~WorkersRunner() {
    stopAndWait();
}

bool WorkersRunner::start(const TrainOptions& options) {
    if (isRunning()) return false;
    assignJobId();
    m_runDir = QDir::cleanPath(QString::fromStdString(options.runDir));
    QStringList arguments{"train", "--ranks", QString::number(m_workers), "--quiet"};
    m_emitted = 0;
    if (options.resume) {
        try {
            m_emitted = static_cast<int>(loadRunInfo(options.runDir).history.size());
        } catch (const std::exception&) {
            // the command reports the problem
        }
        arguments << "--resume" << m_runDir;
        for (const OptionSpec& spec : trainOptionTable())
            if (spec.resumable)
                arguments << QString::fromStdString(optionFlag(spec))
                          << QString::fromStdString(spec.get(options));
    } else {
        m_optionsFile = std::make_unique<QTemporaryFile>(QDir::tempPath() + "/options-XXXXXX.json");
        if (!m_optionsFile->open()) return false;
        m_optionsFile->write(QByteArray::fromStdString(trainOptionsToJson(options)));
        m_optionsFile->flush();
        arguments << "--options" << m_optionsFile->fileName();
    }
    m_follower = std::make_unique<RunFollower>(m_runDir, kWorkersFollowIntervalMs);
    connect(m_follower.get(), &RunFollower::changed, this, &WorkersRunner::onChanged);
    m_process.start(m_program, arguments);
    return true;
}

void WorkersRunner::stop() {
    if (isRunning()) kill(static_cast<pid_t>(m_process.processId()), SIGINT);
}

void WorkersRunner::stopAndWait() {
    if (!isRunning()) return;
    stop();
    if (!m_process.waitForFinished(120000)) m_process.kill();
    m_process.waitForFinished();
}

void WorkersRunner::emitRows(int from) {
    const auto& history = m_follower->run().history;
    for (size_t i = static_cast<size_t>(std::max(from, m_emitted)); i < history.size(); ++i)
        Q_EMIT progress(history[i]);
    m_emitted = static_cast<int>(history.size());
}

void WorkersRunner::onChanged(int from, bool rewritten) {
    if (rewritten) m_emitted = 0;
    emitRows(from);
}

void WorkersRunner::onExited(int exitCode, QProcess::ExitStatus status) {
    const QString output = QString::fromUtf8(m_process.readAll()).trimmed();
    m_follower.reset();
    m_optionsFile.reset();
    RunInfo run;
    try {
        run = loadRunInfo(m_runDir.toStdString());
    } catch (const std::exception&) {
        // no run was written: the command's output says why
    }
    for (size_t i = static_cast<size_t>(m_emitted); i < run.history.size(); ++i)
        Q_EMIT progress(run.history[i]);
    if (status == QProcess::NormalExit && exitCode == 0 && !run.runDir.empty())
        Q_EMIT finished(m_runDir, RunOutcome{run.status, run.step, {}});
    else
        Q_EMIT finished(m_runDir,
                        RunOutcome{RunStatus::Failed, run.step, output.section('\n', -6)});
}

}  // namespace tpugraphs::ui
