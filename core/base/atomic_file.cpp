// Atomic writes: temporary sibling, fsync, rename, fsync of the folder (POSIX).
#include "base/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace tpugraphs {

namespace {

// fsync of a file or folder; false (errno set) when it cannot be opened or synced.
bool syncPath(const std::string& path, int flags) {
    const int fd = ::open(path.c_str(), flags);
    if (fd < 0) return false;
    const bool ok = ::fsync(fd) == 0;
    const int saved = errno;
    ::close(fd);
    errno = saved;
    return ok;
}

std::string folderOf(const std::string& path) {
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    return parent.empty() ? std::string(".") : parent.string();
}

}  // namespace

std::string temporaryPathFor(const std::string& path) {
    return path + ".tmp";
}

void produceFileAtomically(const std::string& path,
                           const std::function<void(const std::string& temporary)>& produce) {
    const std::string temporary = temporaryPathFor(path);
    std::remove(temporary.c_str());
    try {
        produce(temporary);
    } catch (...) {
        std::remove(temporary.c_str());
        throw;
    }
    if (!syncPath(temporary, O_RDONLY)) {
        const std::string problem = std::strerror(errno);
        std::remove(temporary.c_str());
        throw FileWriteError(path, "cannot flush '" + temporary + "' to the disk: " + problem);
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        const std::string problem = std::strerror(errno);
        std::remove(temporary.c_str());
        throw FileWriteError(path, "cannot rename '" + temporary + "' into place: " + problem);
    }
    // The rename itself reaches the disk with the folder; a folder that cannot be synced (some
    // file systems) leaves a complete file either way.
    syncPath(folderOf(path), O_RDONLY | O_DIRECTORY);
}

void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
    produceFileAtomically(path, [&](const std::string& temporary) {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) throw FileWriteError(path, "cannot open '" + temporary + "' for writing");
        write(out);
        out.flush();
        if (!out) throw FileWriteError(path, "write failed (disk full?)");
    });
}

void writeFileAtomically(const std::string& path, const std::string& content) {
    writeFileAtomically(path, [&](std::ostream& out) { out << content; });
}

}  // namespace tpugraphs
