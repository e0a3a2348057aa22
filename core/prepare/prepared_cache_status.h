// What the prepared-graph cache holds for a dataset (for `tpugraphs cache info` and the app's
// explorer), and emptying it (`tpugraphs cache clear`).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "data/dataset.h"

namespace tpugraphs {

struct PreparedCacheStatus {
    struct Group {  // one collection and split
        std::optional<Collection> collection;
        Split split = Split::Train;
        size_t files = 0, cached = 0;
        int64_t fileBytes = 0;
    };
    std::vector<std::string> folders;  // the dataset's cache folders that exist
    std::vector<Group> groups;         // in the index's order
    size_t files = 0;                  // readable .npz files
    size_t cached = 0;                 // of them, with an entry usable as they are now
    size_t entries = 0;                // entry files in the folders (outdated ones too)
    int64_t entryBytes = 0;            // their size on disk
    int64_t fileBytes = 0;             // the .npz files' size
};

// The status of `index`'s dataset: a file counts as cached when an entry for it (any
// preparation options) has a header matching the file as it is now and this build's format
// (the entry's checksum is checked when it is read). Files are checked in parallel; returns
// early (partial counts) when *cancel is set.
PreparedCacheStatus preparedCacheStatus(const DatasetIndex& index,
                                        const std::atomic<bool>* cancel = nullptr);

// The user's cache as a whole: one folder per dataset cached there ("<name>-<hash>").
struct UserCacheStatus {
    std::string root;
    std::vector<std::pair<std::string, int64_t>> datasets;  // folder name, bytes
    int64_t bytes = 0;
};
UserCacheStatus userCacheStatus();

// Removes the cache folders of the dataset at `datasetRoot` (beside it and in the user's cache),
// or with an empty root every dataset's folder in the user's cache (other files there are left
// alone). Returns the bytes freed. Throws
// std::filesystem::filesystem_error.
int64_t clearPreparedCache(const std::string& datasetRoot);

}  // namespace tpugraphs
