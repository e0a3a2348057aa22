// One entry of the prepared-graph cache: a PreparedGraph as prepared from its .npz (pruned,
// padding marked, not normalised) in a flat binary form, with the key of what it was made from.
// Read back from a memory-mapped file, it is checked (header, length, CRC-32, then every size
// and index) before anything in it is used. The layout: docs/CACHE.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "prepare/prepared_graph.h"

namespace tpugraphs {

// Bumped whenever the entry layout or what preparation produces changes: older entries are then
// rebuilt, never read.
constexpr uint32_t kPreparedFormatVersion = 1;
// An entry starts with a header of this size (checkPreparedEntryHeader reads only it).
constexpr size_t kPreparedHeaderBytes = 64;

// What an entry was made from: the .npz as found on the disk and the preparation options.
struct PreparedEntryKey {
    uint64_t sourceBytes = 0;
    int64_t sourceModifiedNs = 0;    // modification time, nanoseconds since the epoch
    uint64_t sourceFingerprint = 0;  // NpzFile::contentFingerprint
    uint32_t optionBits = 0;         // preparedOptionBits
};

// The options that change a graph of `kind` when prepared, as bits (prune and padding for
// layout graphs, relative features and padding for tile graphs): a value below
// kPreparedOptionCombinations.
uint32_t preparedOptionBits(GraphKind kind, const PrepareOptions& options);
constexpr uint32_t kPreparedOptionCombinations = 8;

// Why an entry cannot be used.
enum class EntryProblem { OtherFormat, SourceChanged, OtherOptions, Damaged };

class PreparedEntryError : public std::runtime_error {
public:
    PreparedEntryError(EntryProblem problem, const std::string& reason)
        : std::runtime_error(reason), m_problem(problem) {}
    EntryProblem problem() const { return m_problem; }

private:
    EntryProblem m_problem;
};

std::string encodePreparedEntry(const PreparedGraph& graph, const PreparedEntryKey& key);

// Checks the header of an entry of `size` bytes against `key`, reading only its first
// kPreparedHeaderBytes at `data`. Throws PreparedEntryError.
void checkPreparedEntryHeader(const uint8_t* data, size_t size, const PreparedEntryKey& key);

// Whether the `size` bytes at `data` begin with an entry's header (its magic and a matching
// header checksum), whatever its version or key: how `cache clear` recognises its own files.
bool isPreparedEntryHeader(const uint8_t* data, size_t size);

// The graph an entry holds, after the header check, the length and CRC-32 of the whole entry and
// the consistency of every array. `path` becomes the graph's path and name. Throws
// PreparedEntryError.
PreparedGraph decodePreparedEntry(const uint8_t* data, size_t size, const PreparedEntryKey& key,
                                  const std::string& path);

}  // namespace tpugraphs
