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

// What clearPreparedCache removed and what it left alone.
struct CacheClearResult {
    int64_t bytes = 0;               // of the entries removed
    size_t entries = 0;              // entries removed
    size_t kept = 0;                 // files and links found in the cache folders and left alone
    std::vector<std::string> notes;  // the first few of them (and each link not followed), why
};

// Removes the prepared-graph entries of the dataset at `datasetRoot` (beside it and in the user's
// cache), or with an empty root those of every dataset's folder in the user's cache, then the
// folders left empty. Only files the cache can tell as its own go: regular files named
// "*.prepared" (or the atomic writer's "*.prepared.tmp") that begin with an entry header
// (isPreparedEntryHeader). Symbolic links are never followed, neither as a cache folder nor
// below one; anything else stays, counted in `kept`.
CacheClearResult clearPreparedCache(const std::string& datasetRoot);

}  // namespace tpugraphs
