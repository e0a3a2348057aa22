// The one file writer: every file the product writes (run files, checkpoints, submissions,
// predictions, generated datasets) goes through it. Content goes to a temporary sibling, is
// flushed to the disk, then renamed over the target and the folder flushed, so a reader sees the
// old file or the complete new one, never a part. Every failing step (open, write, flush,
// rename, folder flush) throws a FileWriteError naming the file and the system's reason ("No
// space left on device"), and leaves no temporary behind.
//
// For tests, a fault can be injected at the N-th file operation (FileFault): in process with
// injectFileFault, or in a child process with the environment variable TPUGRAPHS_TEST_FAULT
// ("N", "N:write", "N:write:ENOSPC"; operations open, write, sync, rename, folder; errors
// ENOSPC, EIO, EDQUOT, EROFS, EACCES). When it fires, one line on stderr says so.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <stdexcept>
#include <string>

namespace tpugraphs {

// A file that could not be written: names the file and what went wrong.
class FileWriteError : public std::runtime_error {
public:
    FileWriteError(const std::string& path, const std::string& problem)
        : std::runtime_error(path + ": " + problem), m_path(path) {}
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
};

struct WriteOptions {
    // The file being replaced stays beside it as previousVersionPath(path) until the next
    // write (checkpoints: a later damaged file falls back to the one before).
    bool keepPrevious = false;
};

// The temporary sibling a write goes through: path + ".tmp".
std::string temporaryPathFor(const std::string& path);
// Where keepPrevious keeps the replaced file: "dir/last.pt" -> "dir/last.previous.pt".
std::string previousVersionPath(const std::string& path);

void writeFileAtomically(const std::string& path, const std::string& content,
                         const WriteOptions& options = {});
// The same for content produced on a stream (built in memory first).
void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                         const WriteOptions& options = {});

// --- Fault injection (tests) ---
enum class FileOperation { Any, Open, Write, Sync, Rename, Folder };
struct FileFault {
    int64_t failAt = 0;  // the N-th operation of `operation` fails (1-based); 0 = none
    FileOperation operation = FileOperation::Any;
    int error = 5;  // errno (EIO)
};
// Replaces the fault (and restarts the operation count); FileFault{} removes it.
void injectFileFault(const FileFault& fault);
// Operations counted since the last injectFileFault (or the process start).
int64_t fileOperationCount();

}  // namespace tpugraphs
