// The prepared-graph cache's status per dataset (entry headers against the files), and clearing.
#include "prepare/prepared_cache_status.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <vector>

#include "base/parallel_for.h"
#include "data/npz_file.h"
#include "prepare/prepared_cache.h"
#include "prepare/prepared_entry.h"

namespace fs = std::filesystem;

namespace tpugraphs {

namespace {

// The entry files under `folder` (".prepared"): how many and their bytes.
void countEntries(const std::string& folder, size_t* entries, int64_t* bytes) {
    std::error_code error;
    for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end;
         it.increment(error)) {
        if (!it->is_regular_file(error)) continue;
        const std::string name = it->path().filename().string();
        const std::string suffix = kPreparedEntrySuffix;
        if (name.size() < suffix.size() ||
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
            continue;
        ++*entries;
        *bytes += static_cast<int64_t>(it->file_size(error));
    }
}

// Whether `name` is a dataset's folder in the user's cache ("<name>-<16 hex digits>"): only those
// are listed and removed, whatever else TPUGRAPHS_CACHE_DIR holds.
bool isDatasetCacheFolder(const std::string& name) {
    constexpr size_t kDigits = 16;
    if (name.size() <= kDigits + 1 || name[name.size() - kDigits - 1] != '-') return false;
    return name.find_first_not_of("0123456789abcdef", name.size() - kDigits) == std::string::npos;
}

// The user's cache's dataset folders, by name (links to folders are not among them).
std::vector<fs::path> userDatasetFolders() {
    std::vector<fs::path> folders;
    std::error_code error;
    for (fs::directory_iterator it(userPreparedCacheRoot(), error), end; !error && it != end;
         it.increment(error))
        if (fs::is_directory(it->symlink_status(error)) &&
            isDatasetCacheFolder(it->path().filename().string()))
            folders.push_back(it->path());
    std::sort(folders.begin(), folders.end());
    return folders;
}

int64_t bytesUnder(const std::string& folder) {
    int64_t bytes = 0;
    std::error_code error;
    for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end;
         it.increment(error))
        if (fs::is_regular_file(it->symlink_status(error)))
            bytes += static_cast<int64_t>(it->file_size(error));
    return bytes;
}

// Reads the header of the file at `path` into `header` (kPreparedHeaderBytes) and its size;
// false unless it is a regular file that long. Opened without following a link and without
// blocking, so a FIFO or a device named like an entry is never waited on.
bool readEntryHeader(const fs::path& path, uint8_t* header, int64_t* size) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat info {};
    const bool read = ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) &&
                      ::read(fd, header, kPreparedHeaderBytes) == ssize_t(kPreparedHeaderBytes);
    ::close(fd);
    *size = static_cast<int64_t>(info.st_size);
    return read;
}

// Whether one of the file's entries (any options, in either folder) matches it as it is now.
bool hasUsableEntry(const GraphEntry& entry) {
    try {
        const NpzFile npz = NpzFile::open(entry.path);
        const DatasetPlace place = datasetPlaceOf(entry.path);
        const PreparedCacheFolders folders = preparedCacheFolders(place.folder);
        for (uint32_t bits = 0; bits < kPreparedOptionCombinations; ++bits)
            for (const std::string& folder : {folders.beside, folders.user}) {
                if (folder.empty()) continue;
                const std::string path = preparedEntryPath(folder, place.relative, bits);
                uint8_t header[kPreparedHeaderBytes] = {};
                int64_t size = 0;
                if (!readEntryHeader(path, header, &size)) continue;
                try {
                    checkPreparedEntryHeader(header, size_t(size),
                                             currentEntryKey(entry.path, npz, bits));
                    return true;
                } catch (const PreparedEntryError&) {
                }
            }
    } catch (const std::exception&) {
    }
    return false;
}

// Notes kept in CacheClearResult::notes; the rest are only counted.
constexpr size_t kClearNotes = 10;

void keepBack(CacheClearResult* result, const std::string& note) {
    ++result->kept;
    if (result->notes.size() < kClearNotes) result->notes.push_back(note);
}

// The size of the file at `path` when it is one of the cache's entries (see clearPreparedCache),
// else -1.
int64_t ownEntryBytes(const fs::path& path) {
    const std::string name = path.filename().string();
    const std::string suffix = kPreparedEntrySuffix, temporary = suffix + ".tmp";
    const auto endsWith = [&name](const std::string& end) {
        return name.size() > end.size() &&
               name.compare(name.size() - end.size(), end.size(), end) == 0;
    };
    if (!endsWith(suffix) && !endsWith(temporary)) return -1;
    uint8_t header[kPreparedHeaderBytes];
    int64_t size = 0;
    return readEntryHeader(path, header, &size) && isPreparedEntryHeader(header, sizeof header)
               ? size
               : -1;
}

// Removes the cache's own entries below `folder` and then the folders left empty (`folder`
// too). Links are neither followed nor removed; every other file stays (counted as kept).
void removeOwnEntries(const fs::path& folder, CacheClearResult* result) {
    std::error_code error;
    const fs::file_status status = fs::symlink_status(folder, error);
    if (error || !fs::exists(status)) return;
    if (fs::is_symlink(status))
        return keepBack(result, folder.string() + ": a symbolic link, not followed");
    if (!fs::is_directory(status))
        return keepBack(result, folder.string() + ": not a folder, kept");
    std::vector<fs::path> folders{folder};
    for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end;
         it.increment(error)) {
        std::error_code failure;
        const fs::file_status s = it->symlink_status(failure);
        if (fs::is_directory(s)) {  // not a link: the walk does not follow those
            folders.push_back(it->path());
            continue;
        }
        const int64_t bytes = fs::is_regular_file(s) ? ownEntryBytes(it->path()) : -1;
        if (bytes >= 0 && fs::remove(it->path(), failure)) {
            result->bytes += bytes;
            ++result->entries;
        } else {
            keepBack(result,
                     it->path().string() + (fs::is_symlink(s) ? ": a symbolic link, not followed"
                                                              : ": not a cache entry, kept"));
        }
    }
    for (auto it = folders.rbegin(); it != folders.rend(); ++it)
        fs::remove(*it, error);  // only a folder left empty goes
}

}  // namespace

PreparedCacheStatus preparedCacheStatus(const DatasetIndex& index,
                                        const std::atomic<bool>* cancel) {
    PreparedCacheStatus status;
    const std::string npzFolder = datasetNpzFolder(index.root);
    const PreparedCacheFolders folders =
        preparedCacheFolders(npzFolder.empty() ? index.root : npzFolder);
    for (const std::string& folder : {folders.beside, folders.user}) {
        std::error_code error;
        if (folder.empty() || !fs::is_directory(folder, error)) continue;
        status.folders.push_back(folder);
        countEntries(folder, &status.entries, &status.entryBytes);
    }
    std::vector<uint8_t> cached(index.graphs.size(), 0);
    parallelFor(
        index.graphs.size(), 0,
        [&](size_t i) {
            const GraphEntry& entry = index.graphs[i];
            cached[i] = entry.error.empty() && !status.folders.empty() && hasUsableEntry(entry);
        },
        cancel);
    for (size_t i = 0; i < index.graphs.size(); ++i) {
        const GraphEntry& entry = index.graphs[i];
        if (!entry.error.empty()) continue;
        if (status.groups.empty() || status.groups.back().collection != entry.collection ||
            status.groups.back().split != entry.split)
            status.groups.push_back({entry.collection, entry.split});
        PreparedCacheStatus::Group& group = status.groups.back();
        ++group.files;
        group.cached += cached[i];
        group.fileBytes += entry.compressedBytes;
        ++status.files;
        status.cached += cached[i];
        status.fileBytes += entry.compressedBytes;
    }
    return status;
}

UserCacheStatus userCacheStatus() {
    UserCacheStatus status;
    status.root = userPreparedCacheRoot();
    for (const fs::path& folder : userDatasetFolders()) {
        const int64_t bytes = bytesUnder(folder.string());
        status.datasets.emplace_back(folder.filename().string(), bytes);
        status.bytes += bytes;
    }
    return status;
}

CacheClearResult clearPreparedCache(const std::string& datasetRoot) {
    CacheClearResult result;
    if (datasetRoot.empty()) {
        for (const fs::path& folder : userDatasetFolders()) removeOwnEntries(folder, &result);
        return result;
    }
    const std::string npzFolder = datasetNpzFolder(datasetRoot);
    const PreparedCacheFolders folders =
        preparedCacheFolders(npzFolder.empty() ? datasetRoot : npzFolder);
    if (!folders.beside.empty()) {
        const fs::path top = fs::path(folders.beside).parent_path();  // .tpugraphs-cache
        std::error_code error;
        const fs::file_status status = fs::symlink_status(top, error);
        if (fs::is_symlink(status)) {
            keepBack(&result, top.string() + ": a symbolic link, not followed");
        } else if (fs::is_directory(status)) {
            removeOwnEntries(folders.beside, &result);
            fs::remove(top, error);  // the .tpugraphs-cache folder goes when nothing else is in it
        }
    }
    if (!folders.user.empty()) removeOwnEntries(folders.user, &result);
    return result;
}

}  // namespace tpugraphs
