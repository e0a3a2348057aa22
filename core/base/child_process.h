// Starting the product's own programs as child processes (local training ranks, the trials of a
// sweep, the runs of a submission pipeline): fork + exec, in a process group of their own (a
// terminal's Ctrl-C reaches the parent, which passes it on), killed by SIGTERM should the parent
// die, with their output in a log file when asked. POSIX.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace tpugraphs {

struct ChildOptions {
    // The whole environment ("NAME=value"); empty: this process's.
    std::vector<std::string> environment;
    // Standard output and error appended to this file; empty: inherited.
    std::string logPath;
};

// Starts `program` with `arguments` (argv[1...]); returns its pid, or -1 (errno set: e.g.
// ENOENT when `program` is missing or EACCES when it cannot be executed).
pid_t startChild(const std::string& program, const std::vector<std::string>& arguments,
                 const ChildOptions& options = {});

// "exited with status 1", "was killed by signal 9 (Killed)" for a waitpid status.
std::string describeExit(int status);

}  // namespace tpugraphs
