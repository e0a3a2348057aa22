// Test helper: runs the built `tpugraphs` CLI (TPUGRAPHS_CLI) or the developer tools
// (`tpugraphs-dev`, TPUGRAPHS_DEV_CLI) and captures the exit code and output.
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

struct CliRun {
    int exitCode = -1;  // -1 when the process crashed or did not finish in time
    QString out, err;

    QString all() const { return out + err; }
    QString describe() const {
        return QString("exit %1\nstdout:\n%2\nstderr:\n%3").arg(exitCode).arg(out, err);
    }
};

inline bool cliBuilt() {
    return !QString(TPUGRAPHS_CLI).isEmpty();
}

inline CliRun runProgram(const QString& program, const QStringList& arguments, int timeoutMs) {
    QProcess process;
    process.start(program, arguments);
    CliRun run;
    if (!process.waitForFinished(timeoutMs)) return run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

inline CliRun runCli(const QStringList& arguments, int timeoutMs = 600000) {
    return runProgram(QStringLiteral(TPUGRAPHS_CLI), arguments, timeoutMs);
}

inline CliRun runDevCli(const QStringList& arguments, int timeoutMs = 600000) {
    return runProgram(QStringLiteral(TPUGRAPHS_DEV_CLI), arguments, timeoutMs);
}
