// Atomic writes: temporary sibling, write, fsync, rename, fsync of the folder (POSIX), every step
// checked; and the test hook that fails a chosen operation.
#include "base/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <sstream>

namespace tpugraphs {

namespace {

// --- The fault hook ---

std::mutex g_faultMutex;
FileFault g_fault;
int64_t g_matching = 0;           // operations of the fault's kind so far
std::atomic<int64_t> g_count{0};  // all operations so far
std::once_flag g_fromEnvironment;

const char* operationName(FileOperation op) {
    switch (op) {
        case FileOperation::Open:
            return "open";
        case FileOperation::Write:
            return "write";
        case FileOperation::Sync:
            return "sync";
        case FileOperation::Rename:
            return "rename";
        case FileOperation::Folder:
            return "folder";
        default:
            return "any";
    }
}

int errorNamed(const std::string& name) {
    const std::pair<const char*, int> known[] = {
        {"ENOSPC", ENOSPC}, {"EIO", EIO}, {"EDQUOT", EDQUOT}, {"EROFS", EROFS}, {"EACCES", EACCES}};
    for (const auto& [text, value] : known)
        if (name == text) return value;
    return EIO;
}

// TPUGRAPHS_TEST_FAULT="N[:operation[:ERRNO]]".
void readFaultFromEnvironment() {
    const char* text = std::getenv("TPUGRAPHS_TEST_FAULT");
    if (!text || !*text) return;
    std::stringstream in(text);
    std::string count, op, error;
    std::getline(in, count, ':');
    std::getline(in, op, ':');
    std::getline(in, error, ':');
    FileFault fault;
    fault.failAt = std::atoll(count.c_str());
    for (FileOperation o : {FileOperation::Open, FileOperation::Write, FileOperation::Sync,
                            FileOperation::Rename, FileOperation::Folder})
        if (op == operationName(o)) fault.operation = o;
    fault.error = errorNamed(error.empty() ? "EIO" : error);
    g_fault = fault;
}

// Counts one operation; true (errno set) when the injected fault fails it.
bool injectedFailure(FileOperation op, const std::string& file) {
    std::call_once(g_fromEnvironment, [] {
        std::lock_guard<std::mutex> lock(g_faultMutex);
        readFaultFromEnvironment();
    });
    ++g_count;
    std::lock_guard<std::mutex> lock(g_faultMutex);
    if (g_fault.failAt <= 0 || (g_fault.operation != FileOperation::Any && g_fault.operation != op))
        return false;
    if (++g_matching != g_fault.failAt) return false;
    std::cerr << "test fault: failing " << operationName(op) << " #" << g_matching << " (" << file
              << ") with " << std::strerror(g_fault.error) << std::endl;
    errno = g_fault.error;
    return true;
}

// --- The write ---

std::string reason() {
    return std::strerror(errno);
}

std::string folderOf(const std::string& path) {
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    return parent.empty() ? std::string(".") : parent.string();
}

// The temporary file of one write: created, filled, flushed; removed unless renamed.
class TemporaryFile {
public:
    TemporaryFile(const std::string& target) : m_target(target), m_path(temporaryPathFor(target)) {
        ::unlink(m_path.c_str());
        if (injectedFailure(FileOperation::Open, m_path) ||
            (m_fd = ::open(m_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) < 0)
            fail("cannot create the temporary file '" + m_path + "'");
        m_created = true;
    }
    ~TemporaryFile() {
        if (m_fd >= 0) ::close(m_fd);
        if (m_created && !m_renamed) ::unlink(m_path.c_str());
    }

    void write(const std::string& content) {
        size_t done = 0;
        while (done < content.size()) {
            const ssize_t n = injectedFailure(FileOperation::Write, m_path)
                                  ? -1
                                  : ::write(m_fd, content.data() + done, content.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                if (n == 0) errno = EIO;
                fail("cannot write '" + m_path + "' (" + std::to_string(done) + " of " +
                     std::to_string(content.size()) + " bytes written)");
            }
            done += static_cast<size_t>(n);
        }
    }

    void flush() {
        if (injectedFailure(FileOperation::Sync, m_path) || ::fsync(m_fd) != 0)
            fail("cannot flush '" + m_path + "' to the disk");
        const int fd = m_fd;
        m_fd = -1;
        if (::close(fd) != 0) fail("cannot close '" + m_path + "'");
    }

    void renameInto(const std::string& target) {
        if (injectedFailure(FileOperation::Rename, m_path) ||
            std::rename(m_path.c_str(), target.c_str()) != 0)
            fail("cannot rename '" + m_path + "' into place");
        m_renamed = true;
    }

    [[noreturn]] void fail(const std::string& what) {
        const std::string why = reason();
        throw FileWriteError(m_target, what + ": " + why);
    }

private:
    std::string m_target, m_path;
    int m_fd = -1;
    bool m_created = false, m_renamed = false;
};

// The file being replaced, kept as its previous version (a hard link renamed into place, so
// that the path itself is never missing).
void keepPreviousVersion(const std::string& path) {
    if (::access(path.c_str(), F_OK) != 0) return;
    const std::string previous = previousVersionPath(path);
    const std::string link = temporaryPathFor(previous);
    ::unlink(link.c_str());
    if (injectedFailure(FileOperation::Rename, link) || ::link(path.c_str(), link.c_str()) != 0 ||
        std::rename(link.c_str(), previous.c_str()) != 0) {
        const std::string why = reason();
        ::unlink(link.c_str());
        throw FileWriteError(path,
                             "cannot keep the previous version as '" + previous + "': " + why);
    }
}

// The rename reaches the disk with its folder. File systems that cannot flush a folder
// (EINVAL) still hold the complete file.
void flushFolder(const std::string& path) {
    const std::string folder = folderOf(path);
    if (injectedFailure(FileOperation::Folder, folder))
        throw FileWriteError(path, "written, but the folder '" + folder +
                                       "' could not be flushed to the disk: " + reason());
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    const bool ok = ::fsync(fd) == 0 || errno == EINVAL;
    const std::string why = reason();
    ::close(fd);
    if (!ok)
        throw FileWriteError(path, "written, but the folder '" + folder +
                                       "' could not be flushed to the disk: " + why);
}

}  // namespace

std::string temporaryPathFor(const std::string& path) {
    return path + ".tmp";
}

std::string previousVersionPath(const std::string& path) {
    const std::filesystem::path p(path);
    return (p.parent_path() / (p.stem().string() + ".previous" + p.extension().string())).string();
}

void writeFileAtomically(const std::string& path, const std::string& content,
                         const WriteOptions& options) {
    TemporaryFile temporary(path);
    temporary.write(content);
    temporary.flush();
    if (options.keepPrevious) keepPreviousVersion(path);
    temporary.renameInto(path);
    flushFolder(path);
}

void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                         const WriteOptions& options) {
    std::ostringstream content;
    write(content);
    writeFileAtomically(path, content.str(), options);
}

void injectFileFault(const FileFault& fault) {
    std::call_once(g_fromEnvironment, [] {});  // an explicit fault wins over the environment
    std::lock_guard<std::mutex> lock(g_faultMutex);
    g_fault = fault;
    g_matching = 0;
    g_count = 0;
}

int64_t fileOperationCount() {
    return g_count.load();
}

}  // namespace tpugraphs
