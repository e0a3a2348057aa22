// Error messages for people: the one line a status bar shows, the rest kept as details.
// LibTorch's errors carry a C++ backtrace after their first line ("Exception raised from ...").
#pragma once

#include <string>

namespace tpugraphs {

// The first non-empty line of `what`, trimmed (the whole message when it is one line).
std::string errorHeadline(const std::string& what);
// Whether `what` holds more than its headline (a backtrace, a list of problems).
bool errorHasDetails(const std::string& what);
// `what` without a LibTorch backtrace (from its "Exception raised from" line on).
std::string errorWithoutBacktrace(const std::string& what);

}  // namespace tpugraphs
