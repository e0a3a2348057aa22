// Error messages for people: headline and details.
#include "base/error_text.h"

namespace tpugraphs {

namespace {

constexpr const char* kSpace = " \t\r\n";

}  // namespace

std::string errorHeadline(const std::string& what) {
    const size_t begin = what.find_first_not_of(kSpace);
    if (begin == std::string::npos) return {};
    const size_t lineEnd = what.find('\n', begin);
    std::string line =
        what.substr(begin, lineEnd == std::string::npos ? std::string::npos : lineEnd - begin);
    line.erase(line.find_last_not_of(kSpace) + 1);
    return line;
}

bool errorHasDetails(const std::string& what) {
    const size_t begin = what.find_first_not_of(kSpace);
    if (begin == std::string::npos) return false;
    const size_t lineEnd = what.find('\n', begin);
    return lineEnd != std::string::npos &&
           what.find_first_not_of(kSpace, lineEnd) != std::string::npos;
}

std::string errorWithoutBacktrace(const std::string& what) {
    const size_t backtrace = what.find("Exception raised from ");
    if (backtrace == std::string::npos) return what;
    std::string text = what.substr(0, backtrace);
    text.erase(text.find_last_not_of(kSpace) + 1);
    return text;
}

}  // namespace tpugraphs
