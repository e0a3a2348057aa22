// What kind of file a path names, from stat(2), without opening it.
#include "data/regular_file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

namespace tpugraphs {

std::string notRegularFileProblem(mode_t mode) {
    if (S_ISREG(mode)) return {};
    const char* kind = S_ISFIFO(mode)   ? "a FIFO"
                       : S_ISCHR(mode)  ? "a character device"
                       : S_ISBLK(mode)  ? "a block device"
                       : S_ISSOCK(mode) ? "a socket"
                       : S_ISDIR(mode)  ? "a folder"
                                        : "not a file";
    return std::string("not a regular file (") + kind + ")";
}

std::string notRegularFileProblem(const std::string& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return std::strerror(errno);
    return notRegularFileProblem(info.st_mode);
}

}  // namespace tpugraphs
