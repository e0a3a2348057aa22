// Folder removal by a depth-first walk of POSIX nftw: children before their folder, links not
// followed, each entry removed with remove(3).
#include "base/file_tree.h"

#include <ftw.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>

namespace tpugraphs {

namespace {

// nftw's callback takes no context: the walk's count and first error live per thread.
thread_local std::uintmax_t t_removed = 0;
thread_local int t_error = 0;

int removeEntry(const char* path, const struct stat*, int, struct FTW*) {
    if (std::remove(path) != 0) {
        t_error = errno;
        return 1;  // stops the walk
    }
    ++t_removed;
    return 0;
}

}  // namespace

std::uintmax_t removeTree(const std::string& path, std::error_code& error) noexcept {
    error.clear();
    struct stat info;
    if (::lstat(path.c_str(), &info) != 0) {
        if (errno != ENOENT) error.assign(errno, std::generic_category());
        return 0;
    }
    t_removed = 0;
    t_error = 0;
    const int walk = ::nftw(path.c_str(), removeEntry, 16, FTW_DEPTH | FTW_PHYS);
    if (walk != 0) error.assign(t_error ? t_error : errno, std::generic_category());
    return t_removed;
}

std::uintmax_t removeTree(const std::string& path) {
    std::error_code error;
    const std::uintmax_t removed = removeTree(path, error);
    if (error) throw std::filesystem::filesystem_error("cannot remove", path, error);
    return removed;
}

}  // namespace tpugraphs
