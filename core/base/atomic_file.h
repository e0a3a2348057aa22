// The one atomic file writer: content goes to a temporary sibling, is flushed to the disk, then
// renamed over the target, so a reader sees the old file or the complete new one, never a part.
#pragma once

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

// The temporary sibling a write goes through: path + ".tmp".
std::string temporaryPathFor(const std::string& path);

// Creates the file through `produce`, which must write it at the temporary path it is given
// (for writers that take a path: libzip, LibTorch archives); then fsync, rename over `path` and
// fsync of the folder. On failure the temporary is removed; an exception thrown by `produce`
// propagates unchanged, other failures throw FileWriteError.
void produceFileAtomically(const std::string& path,
                           const std::function<void(const std::string& temporary)>& produce);

// The same for content written to a binary stream; a stream error throws FileWriteError.
void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write);
void writeFileAtomically(const std::string& path, const std::string& content);

}  // namespace tpugraphs
