// The prepared-graph cache: entry locations, lookups through a memory mapping, atomic writes.
#include "prepare/prepared_cache.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "base/atomic_file.h"
#include "base/user_dirs.h"
#include "data/data_error.h"
#include "data/dataset.h"
#include "data/mapped_file.h"
#include "data/npz_file.h"

namespace fs = std::filesystem;

namespace tpugraphs {

const char* const kPreparedEntrySuffix = ".prepared";

namespace {

std::string environment(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

// "<dataset name>-<16 hex digits of the folder's canonical path>".
std::string datasetFolderName(const std::string& npzFolder) {
    std::error_code error;
    fs::path folder = fs::weakly_canonical(fs::absolute(npzFolder), error);
    if (error) folder = fs::absolute(npzFolder);
    const std::string text = folder.string();
    uint64_t hash = 1469598103934665603ull;
    for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
    const fs::path named = folder.filename() == "npz" ? folder.parent_path() : folder;
    std::string name = named.filename().string();
    if (name.empty()) name = "dataset";
    char digits[17];
    std::snprintf(digits, sizeof digits, "%016llx", static_cast<unsigned long long>(hash));
    return name + "-" + digits;
}

PreparedGraph readAndPrepare(NpzFile& npz, const std::string& path, GraphKind kind,
                             const PrepareOptions& prepare, const ReadOptions& read) {
    if (kind == GraphKind::Tile) return prepareTileGraph(readTileGraph(npz, read), path, prepare);
    return prepareLayoutGraph(readLayoutGraph(npz, read), path, prepare);
}

// Writes `bytes` as the entry below `folder`; "" or why it could not.
std::string storeEntry(const std::string& folder, const std::string& relative, uint32_t bits,
                       const std::string& bytes) {
    const std::string path = preparedEntryPath(folder, relative, bits);
    std::error_code error;
    fs::create_directories(fs::path(path).parent_path(), error);
    if (error) return fs::path(path).parent_path().string() + ": " + error.message();
    try {
        writeFileAtomically(path, bytes);
    } catch (const FileWriteError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

std::string preparedEntryPath(const std::string& folder, const std::string& relative,
                              uint32_t optionBits) {
    return (fs::path(folder) / relative).string() + ".o" + std::to_string(optionBits) +
           kPreparedEntrySuffix;
}

PreparedEntryKey currentEntryKey(const std::string& path, const NpzFile& npz, uint32_t optionBits) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0)
        throw DataError(path, "", std::string("cannot open the file: ") + std::strerror(errno));
    PreparedEntryKey key;
    key.sourceBytes = static_cast<uint64_t>(info.st_size);
    key.sourceModifiedNs = int64_t(info.st_mtim.tv_sec) * 1000000000 + info.st_mtim.tv_nsec;
    key.sourceFingerprint = npz.contentFingerprint();
    key.optionBits = optionBits;
    return key;
}

bool preparedCacheEnabled() {
    const std::string off = environment("TPUGRAPHS_NO_CACHE");
    return off.empty() || off == "0";
}

std::string userPreparedCacheRoot() {
    const std::string chosen = environment("TPUGRAPHS_CACHE_DIR");
    if (!chosen.empty()) return chosen;
    return userCacheDir() + "/prepared";
}

bool besideCacheWritable(uid_t owner, mode_t mode, uid_t user) {
    return S_ISDIR(mode) && owner == user && (mode & S_IWUSR) != 0;
}

bool mayWriteBesideDataset(const std::string& npzFolder) {
    struct stat info {};
    if (::stat(npzFolder.c_str(), &info) != 0 ||
        !besideCacheWritable(info.st_uid, info.st_mode, ::geteuid()))
        return false;
    const std::string cache = (fs::path(npzFolder) / ".tpugraphs-cache").string();
    if (::lstat(cache.c_str(), &info) != 0) return errno == ENOENT;
    return besideCacheWritable(info.st_uid, info.st_mode, ::geteuid());
}

PreparedCacheFolders preparedCacheFolders(const std::string& npzFolder) {
    PreparedCacheFolders folders;
    if (environment("TPUGRAPHS_CACHE_DIR").empty())
        folders.beside = (fs::path(npzFolder) / ".tpugraphs-cache" / "prepared").string();
    folders.user = (fs::path(userPreparedCacheRoot()) / datasetFolderName(npzFolder)).string();
    return folders;
}

PreparedFileLoad loadPreparedFile(const std::string& path, GraphKind kind,
                                  const PrepareOptions& prepare, const ReadOptions& read,
                                  bool writeEntry) {
    PreparedFileLoad load;
    NpzFile npz = NpzFile::open(path);
    if (!preparedCacheEnabled()) {
        load.graph = readAndPrepare(npz, path, kind, prepare, read);
        return load;
    }
    const PreparedEntryKey key = currentEntryKey(path, npz, preparedOptionBits(kind, prepare));
    const DatasetPlace place = datasetPlaceOf(path);
    const PreparedCacheFolders folders = preparedCacheFolders(place.folder);
    for (const std::string& folder : {folders.beside, folders.user}) {
        if (folder.empty()) continue;
        const std::string entry = preparedEntryPath(folder, place.relative, key.optionBits);
        if (::access(entry.c_str(), F_OK) != 0) continue;
        const MappedFile mapped(entry);
        try {
            if (!mapped.isOpen())
                throw PreparedEntryError(EntryProblem::Damaged, "unreadable: " + mapped.error());
            load.graph = decodePreparedEntry(mapped.data(), mapped.size(), key, path);
        } catch (const PreparedEntryError& e) {
            if (load.rebuiltWhy.empty()) load.rebuiltWhy = e.what();
            continue;
        }
        validateRuntimes(load.graph.configRuntime, path, read);
        load.fromCache = true;
        load.folder = folder;
        load.rebuiltWhy.clear();
        return load;
    }
    load.graph = readAndPrepare(npz, path, kind, prepare, read);
    if (!writeEntry) return load;
    const std::string bytes = encodePreparedEntry(load.graph, key);
    // Beside the dataset when its folder is the user's and writable, else in the user's cache.
    const bool besideWritable = !folders.beside.empty() && mayWriteBesideDataset(place.folder);
    for (const std::string& folder : {folders.beside, folders.user}) {
        if (folder.empty() || (folder == folders.beside && !besideWritable)) continue;
        const std::string failure = storeEntry(folder, place.relative, key.optionBits, bytes);
        if (failure.empty()) {
            load.folder = folder;
            load.writeFailure.clear();
            return load;
        }
        if (load.writeFailure.empty()) load.writeFailure = failure;
    }
    return load;
}

}  // namespace tpugraphs
