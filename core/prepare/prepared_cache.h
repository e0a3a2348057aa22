// The prepared-graph cache: a .npz's prepared form kept on disk, so that later runs skip reading
// and preparing it. Entries live beside the dataset (<npz folder>/.tpugraphs-cache/prepared/)
// when the user owns the dataset's folder and its mode lets them write, else in the user's
// cache (~/.cache/tpugraphs/prepared); every entry is checked
// against the .npz's current size, modification time and content fingerprint, the preparation
// options and the format version, and rebuilt with a reason when it does not match.
// Environment: TPUGRAPHS_NO_CACHE=1 turns the cache off; TPUGRAPHS_CACHE_DIR=DIR keeps every
// entry under DIR instead. docs/CACHE.md.
#pragma once

#include <sys/types.h>

#include <string>

#include "data/graph_io.h"
#include "prepare/prepared_entry.h"
#include "prepare/prepared_graph.h"

namespace tpugraphs {

class NpzFile;

// False when TPUGRAPHS_NO_CACHE is set (to anything but "" or "0").
bool preparedCacheEnabled();

// The cache folders of the dataset whose npz folder (datasetPlaceOf) is `npzFolder`: beside it,
// and the user's ($TPUGRAPHS_CACHE_DIR, else $XDG_CACHE_HOME or ~/.cache, then
// tpugraphs/prepared; then <dataset name>-<hash of the folder's path>). `beside` is empty
// when TPUGRAPHS_CACHE_DIR is set.
struct PreparedCacheFolders {
    std::string beside, user;
};
PreparedCacheFolders preparedCacheFolders(const std::string& npzFolder);
// Where the user's cache keeps all datasets ($TPUGRAPHS_CACHE_DIR or
// .../tpugraphs/prepared).
std::string userPreparedCacheRoot();
// Whether the user `user` may write a folder of owner `owner` and mode `mode` for the cache
// beside a dataset: only a folder of their own whose mode lets its owner write. Mode bits, not
// access(2): root can write anywhere, and must not write into a dataset made read-only.
bool besideCacheWritable(uid_t owner, mode_t mode, uid_t user);
// Whether entries of the dataset whose npz folder is `npzFolder` may be written beside it:
// besideCacheWritable for that folder and, when it exists, its .tpugraphs-cache folder (which
// must be a folder, not a symbolic link), for this process's effective user.
bool mayWriteBesideDataset(const std::string& npzFolder);
// The file name suffix of entries: ".prepared".
extern const char* const kPreparedEntrySuffix;
// The entry of the file at `relative` (DatasetPlace::relative) prepared with `optionBits`, in a
// cache folder: "<folder>/<relative>.o<optionBits>.prepared".
std::string preparedEntryPath(const std::string& folder, const std::string& relative,
                              uint32_t optionBits);
// The key of the .npz at `path` as it is now: its size and modification time, `npz`'s content
// fingerprint. Throws DataError when the file cannot be stat()ed.
PreparedEntryKey currentEntryKey(const std::string& path, const NpzFile& npz, uint32_t optionBits);

// One .npz as loaded through the cache.
struct PreparedFileLoad {
    PreparedGraph graph;
    bool fromCache = false;
    std::string folder;        // the cache folder read from or written to ("" when neither)
    std::string rebuiltWhy;    // why an entry found was not used ("" when none was found)
    std::string writeFailure;  // why the entry could not be written ("" when it was, or not tried)
};

// The prepared graph of the .npz at `path`: from a usable cache entry, else read (with `read`),
// prepared and, when `writeEntry`, written to the cache through the atomic writer (a failure is
// returned in writeFailure, never thrown). A cached graph gets the same runtime checks as a read
// one. Throws DataError for a file that cannot be read.
PreparedFileLoad loadPreparedFile(const std::string& path, GraphKind kind,
                                  const PrepareOptions& prepare, const ReadOptions& read,
                                  bool writeEntry = true);

}  // namespace tpugraphs
