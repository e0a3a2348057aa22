// Child processes: fork, exec, process group, parent-death signal, log file.
#include "base/child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

extern char** environ;

namespace tpugraphs {

namespace {

std::vector<char*> pointers(std::vector<std::string>& strings) {
    std::vector<char*> list;
    for (auto& text : strings) list.push_back(text.data());
    list.push_back(nullptr);
    return list;
}

}  // namespace

pid_t startChild(const std::string& program, const std::vector<std::string>& arguments,
                 const ChildOptions& options) {
    std::vector<std::string> argvStrings = arguments;
    argvStrings.insert(argvStrings.begin(), program);
    std::vector<std::string> environment = options.environment;
    if (environment.empty())
        for (char** entry = environ; *entry; ++entry) environment.emplace_back(*entry);
    std::vector<char*> argv = pointers(argvStrings), envp = pointers(environment);
    if (::access(program.c_str(), X_OK) != 0) return -1;
    // Written by the child when exec fails all the same (only write() is safe there).
    const std::string execFailed = "cannot run " + program + "\n";
    int log = -1;
    if (!options.logPath.empty()) {
        log = ::open(options.logPath.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (log < 0) return -1;
    }
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent) _exit(1);
        if (log >= 0) {
            dup2(log, STDOUT_FILENO);
            dup2(log, STDERR_FILENO);
        }
        execve(program.c_str(), argv.data(), envp.data());
        [[maybe_unused]] const ssize_t written =
            ::write(STDERR_FILENO, execFailed.data(), execFailed.size());
        _exit(127);
    }
    if (log >= 0) ::close(log);
    return pid;
}

std::string describeExit(int status) {
    if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status))
        return "was killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
               strsignal(WTERMSIG(status)) + ")";
    return "ended with wait status " + std::to_string(status);
}

}  // namespace tpugraphs
