// Helpers of the data-parallel training tests: ranks started the way torchrun starts them (one
// process of the `tpugraphs` CLI per rank, with RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE,
// MASTER_ADDR and MASTER_PORT set) on a free loopback port, and waiting for them.
#pragma once

#include <QProcess>
#include <QStringList>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <vector>

#include "cli_runner.h"

namespace tpugraphs::test {

// A loopback port free right now (the system's choice for port 0): rank 0 hosts its store
// there a moment later.
inline int freeLoopbackPort() {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address = {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    int port = -1;
    if (bind(fd, reinterpret_cast<sockaddr*>(&address), size) == 0 &&
        getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) == 0)
        port = ntohs(address.sin_port);
    close(fd);
    return port;
}

// Starts rank `rank` of `worldSize`: the CLI with `arguments` and the launcher's variables.
inline std::unique_ptr<QProcess> startRank(const QStringList& arguments, int rank, int worldSize,
                                           int port) {
    auto process = std::make_unique<QProcess>();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("RANK", QString::number(rank));
    environment.insert("LOCAL_RANK", QString::number(rank));
    environment.insert("WORLD_SIZE", QString::number(worldSize));
    environment.insert("LOCAL_WORLD_SIZE", QString::number(worldSize));
    environment.insert("MASTER_ADDR", "127.0.0.1");
    environment.insert("MASTER_PORT", QString::number(port));
    process->setProcessEnvironment(environment);
    process->start(QStringLiteral(TPUGRAPHS_CLI), arguments);
    return process;
}

// Waits for a started process; kills it when it does not finish in time (exitCode -1). A
// process that died of a signal has exitCode -1 too, and its err ends with the signal.
inline CliRun finish(QProcess& process, int timeoutMs) {
    CliRun run;
    bool timedOut = false;
    if (process.state() != QProcess::NotRunning && !process.waitForFinished(timeoutMs)) {
        timedOut = true;
        process.kill();
        process.waitForFinished();
    }
    const bool crashed = process.exitStatus() == QProcess::CrashExit;
    run.exitCode = timedOut || crashed ? -1 : process.exitCode();
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    if (timedOut)
        run.err += QString("\n[no exit within %1 ms: killed]").arg(timeoutMs);
    else if (crashed)
        run.err += QString("\n[died of signal %1]").arg(process.exitCode());
    return run;
}

// Runs `arguments` as `worldSize` ranks on loopback and waits for all of them.
inline std::vector<CliRun> runRanks(const QStringList& arguments, int worldSize,
                                    int timeoutMs = 600000) {
    const int port = freeLoopbackPort();
    std::vector<std::unique_ptr<QProcess>> ranks;
    for (int rank = 0; rank < worldSize; ++rank)
        ranks.push_back(startRank(arguments, rank, worldSize, port));
    std::vector<CliRun> runs;
    for (auto& rank : ranks) runs.push_back(finish(*rank, timeoutMs));
    return runs;
}

}  // namespace tpugraphs::test
