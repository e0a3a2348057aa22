// Per-thread nice values (Linux: setpriority on the thread id).
#include "base/background_priority.h"

#include <cerrno>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace tpugraphs {

#ifdef __linux__
namespace {

id_t callingThreadId() {
    return static_cast<id_t>(::syscall(SYS_gettid));
}

}  // namespace

int callingThreadNiceness() {
    errno = 0;
    const int nice = ::getpriority(PRIO_PROCESS, callingThreadId());
    return errno == 0 ? nice : 0;
}

bool lowerCallingThreadToBackground() {
    if (callingThreadNiceness() >= kBackgroundNiceness) return true;
    return ::setpriority(PRIO_PROCESS, callingThreadId(), kBackgroundNiceness) == 0;
}
#else
int callingThreadNiceness() {
    return 0;
}

bool lowerCallingThreadToBackground() {
    return false;
}
#endif

}  // namespace tpugraphs
