// The prepared-graph cache's status per dataset (entry headers against the files), and clearing.
#include "prepare/prepared_cache_status.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <vector>

#include "base/file_tree.h"
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

// The user's cache's dataset folders, by name.
std::vector<fs::path> userDatasetFolders() {
    std::vector<fs::path> folders;
    std::error_code error;
    for (fs::directory_iterator it(userPreparedCacheRoot(), error), end; !error && it != end;
         it.increment(error))
        if (it->is_directory(error) && isDatasetCacheFolder(it->path().filename().string()))
            folders.push_back(it->path());
    std::sort(folders.begin(), folders.end());
    return folders;
}

int64_t bytesUnder(const std::string& folder) {
    int64_t bytes = 0;
    std::error_code error;
    for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end;
         it.increment(error))
        if (it->is_regular_file(error)) bytes += static_cast<int64_t>(it->file_size(error));
    return bytes;
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
                std::ifstream in(path, std::ios::binary | std::ios::ate);
                if (!in) continue;
                const auto size = static_cast<size_t>(in.tellg());
                uint8_t header[kPreparedHeaderBytes] = {};
                in.seekg(0);
                in.read(reinterpret_cast<char*>(header), sizeof header);
                try {
                    checkPreparedEntryHeader(header, size, currentEntryKey(entry.path, npz, bits));
                    return true;
                } catch (const PreparedEntryError&) {
                }
            }
    } catch (const std::exception&) {
    }
    return false;
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

int64_t clearPreparedCache(const std::string& datasetRoot) {
    if (datasetRoot.empty()) {
        int64_t bytes = 0;
        for (const fs::path& folder : userDatasetFolders()) {
            bytes += bytesUnder(folder.string());
            removeTree(folder);
        }
        return bytes;
    }
    const std::string npzFolder = datasetNpzFolder(datasetRoot);
    const PreparedCacheFolders folders =
        preparedCacheFolders(npzFolder.empty() ? datasetRoot : npzFolder);
    int64_t bytes = 0;
    for (const std::string& folder : {folders.beside, folders.user}) {
        if (folder.empty()) continue;
        bytes += bytesUnder(folder);
        removeTree(folder);
    }
    if (!folders.beside.empty()) {
        std::error_code ignored;  // the .tpugraphs-cache folder goes when nothing else is in it
        fs::remove(fs::path(folders.beside).parent_path(), ignored);
    }
    return bytes;
}

}  // namespace tpugraphs
