// Parallel loading through the prepared-graph cache: largest files first, a memory gate, notes.
#include "prepare/prepared_loader.h"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>

#include "base/parallel_for.h"
#include "data/tpugraphs_format.h"
#include "prepare/prepared_cache.h"

namespace tpugraphs {

const char* const kPreparedCacheNote = "prepared-graph cache:";

namespace {

// Admits work of a given size while the sizes admitted add up to at most the budget (or while
// nothing else is admitted).
class MemoryGate {
public:
    explicit MemoryGate(int64_t budget) : m_free(budget) {}
    void acquire(int64_t bytes) {
        std::unique_lock<std::mutex> lock(m_mutex);
        m_wake.wait(lock, [&] { return m_held == 0 || bytes <= m_free; });
        m_free -= bytes;
        ++m_held;
    }
    void release(int64_t bytes) {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_free += bytes;
        --m_held;
        m_wake.notify_all();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_wake;
    int64_t m_free;
    int m_held = 0;
};

// Bytes a file holds while it is decoded: its compressed bytes and its arrays, but a layout
// node_config_feat that is inflated in pieces (ReadOptions::streamLayoutConfigsAbove) counts as
// one piece.
int64_t decodeBytes(const GraphEntry& entry, const ReadOptions& read) {
    int64_t bytes = entry.compressedBytes + entry.uncompressedBytes;
    const int64_t configs = entry.configs * entry.configurableNodes * kLayoutConfigFeatureCount *
                            int64_t(sizeof(float));
    if (entry.kind == GraphKind::Layout && configs > read.streamLayoutConfigsAbove)
        bytes -= configs;
    return bytes;
}

std::string fileName(const std::string& path) {
    return path.substr(path.find_last_of('/') + 1);
}

// The notes of a load: where graphs came from, entries rebuilt (the first few), a failed write;
// none when nothing was loaded.
std::vector<std::string> cacheNotes(const std::vector<std::optional<PreparedFileLoad>>& loads) {
    constexpr size_t kRebuiltListed = 5;
    size_t fromCache = 0, stored = 0, total = 0, rebuilt = 0;
    std::string readFolder, writtenFolder, failure;
    std::vector<std::string> notes;
    for (const auto& load : loads) {
        if (!load) continue;
        ++total;
        if (load->fromCache) {
            ++fromCache;
            if (readFolder.empty()) readFolder = load->folder;
        } else if (!load->folder.empty()) {
            ++stored;
            if (writtenFolder.empty()) writtenFolder = load->folder;
        }
        if (failure.empty()) failure = load->writeFailure;
        if (!load->rebuiltWhy.empty() && rebuilt++ < kRebuiltListed)
            notes.push_back(std::string(kPreparedCacheNote) + " rebuilt the entry of " +
                            fileName(load->graph.path) + ": " + load->rebuiltWhy);
    }
    if (total == 0) return notes;
    if (rebuilt > kRebuiltListed)
        notes.push_back(std::string(kPreparedCacheNote) + " rebuilt " +
                        std::to_string(rebuilt - kRebuiltListed) + " more entries");
    std::string summary = std::string(kPreparedCacheNote) + " ";
    if (fromCache > 0)
        summary += std::to_string(fromCache) + " of " + std::to_string(total) +
                   " graphs read from " + readFolder;
    if (stored > 0)
        summary += std::string(fromCache > 0 ? "; " : "") + std::to_string(stored) +
                   " prepared from their .npz and cached in " + writtenFolder;
    if (fromCache + stored < total)
        summary += std::string(fromCache + stored > 0 ? "; " : "") +
                   std::to_string(total - fromCache - stored) + " not cached";
    notes.insert(notes.begin(), summary);
    if (!failure.empty())
        notes.push_back(std::string(kPreparedCacheNote) + " an entry could not be written (" +
                        failure +
                        "); the run goes on, the graphs not cached are prepared again next time");
    return notes;
}

}  // namespace

PreparedLoadResult loadPreparedGraphs(const std::vector<const GraphEntry*>& entries,
                                      const PreparedLoadOptions& options,
                                      const std::function<void(size_t, size_t)>& progress,
                                      const std::atomic<bool>* cancel) {
    const int threads = std::min<int>(resolveThreadCount(options.threads),
                                      static_cast<int>(std::max<size_t>(1, entries.size())));
    ReadOptions read;
    read.requireRuntimes = options.requireRuntimes;
    read.threads = threads > 1 ? 1 : 0;  // files in parallel, or one file's members
    std::vector<int64_t> bytes(entries.size());
    std::vector<size_t> order(entries.size());
    for (size_t i = 0; i < entries.size(); ++i) {
        bytes[i] = std::min(decodeBytes(*entries[i], read), options.memoryBudgetBytes);
        order[i] = i;
    }
    // Largest first: the last file to finish is a small one.
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return bytes[a] > bytes[b]; });
    std::vector<std::optional<PreparedFileLoad>> loads(entries.size());
    MemoryGate gate(options.memoryBudgetBytes);
    std::mutex progressMutex;
    size_t done = 0;
    std::atomic<bool> writeFailed{false};
    // As a sequential load would: the error of the first bad file in `entries` order (files
    // after it are not started once it has failed).
    std::vector<std::exception_ptr> errors(entries.size());
    std::atomic<size_t> firstError{entries.size()};
    if (progress) progress(0, entries.size());
    parallelFor(
        order.size(), threads,
        [&](size_t k) {
            const size_t i = order[k];
            if (i > firstError.load()) return;
            gate.acquire(bytes[i]);
            try {
                loads[i] = loadPreparedFile(entries[i]->path, options.kind, options.prepare, read,
                                            !writeFailed.load());
            } catch (...) {
                errors[i] = std::current_exception();
                for (size_t seen = firstError.load();
                     i < seen && !firstError.compare_exchange_weak(seen, i);) {
                }
            }
            gate.release(bytes[i]);
            if (!loads[i]) return;
            if (!loads[i]->writeFailure.empty()) writeFailed = true;
            std::lock_guard<std::mutex> lock(progressMutex);
            if (progress) progress(++done, entries.size());
        },
        cancel);
    if (firstError.load() < entries.size()) std::rethrow_exception(errors[firstError.load()]);
    PreparedLoadResult result;
    if (preparedCacheEnabled())
        result.notes = cacheNotes(loads);
    else if (!entries.empty())
        result.notes.push_back(std::string(kPreparedCacheNote) +
                               " off (TPUGRAPHS_NO_CACHE is set)");
    for (auto& load : loads)
        if (load) result.graphs.push_back(std::move(load->graph));
    return result;
}

}  // namespace tpugraphs
