// Kendall's tau-b in O(n log n) (Knight's method with tie corrections) without comparison
// sorts: each sample is ranked densely on its own (by a table over small integer spans, a hash
// table when few values are distinct, else an LSD radix sort of order-preserving integer keys),
// ties counted on the way; the pairs are put in (a, b) order by a counting sort on a's ranks,
// and the discordant pairs are the inversions of b's ranks in that order, counted bit by bit
// over the sample with fewer distinct values.
#include "metrics/kendall.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "base/parallel_for.h"

namespace tpugraphs {
namespace {

constexpr int kMaxDigitBits = 16;
// Samples of at least 2^14 values with at most 2^15 distinct ones (scores, typically) are
// ranked through a hash table of 2^16 slots instead of being sorted.
constexpr int kHashBits = 16;
constexpr size_t kHashFrom = size_t(1) << 14;
constexpr size_t kSlotsLimit = size_t(1) << (kHashBits - 1);
// From this many values on, the work is split over two threads.
constexpr size_t kParallelValues = size_t(1) << 16;

int64_t pairsIn(int64_t groupSize) {
    return groupSize * (groupSize - 1) / 2;
}

struct Keyed {
    uint64_t key;
    uint32_t index;
};

// Memory for one call, handed out as uninitialised arrays. Calls on one thread reuse it: at 10^5
// values, the page faults of fresh buffers would cost more than the counting. A call that needs
// more than kKeptBytes gets memory of its own, released at its end.
class Arena {
public:
    static constexpr size_t kKeptBytes = size_t(32) << 20;

    explicit Arena(size_t bytes) {
        thread_local std::unique_ptr<uint64_t[]> kept;
        thread_local size_t keptBytes = 0;
        const size_t words = bytes / 8 + 1;
        if (bytes > kKeptBytes) {
            own_.reset(new uint64_t[words]);
            next_ = own_.get();
            return;
        }
        if (bytes > keptBytes) {
            kept.reset();
            kept.reset(new uint64_t[words]);
            keptBytes = bytes;
        }
        next_ = kept.get();
    }
    // n elements of T (alignment up to 8 bytes).
    template <typename T>
    T* take(size_t n) {
        T* p = reinterpret_cast<T*>(next_);
        next_ += (n * sizeof(T) + 7) / 8;
        return p;
    }
    // What a call on n values takes at most.
    static size_t bytesFor(size_t n) {
        const size_t hash = size_t(1) << kHashBits;
        const size_t workspace = 2 * n * sizeof(Keyed) + (size_t(1) << kMaxDigitBits) * 4 +
                                 (4 * n + hash) * 4 + (n + 1) * 4 + hash * 12;
        const size_t ranking = 3 * n * sizeof(uint32_t);
        const size_t joint = (n + 1) * 4 + n * sizeof(uint64_t) + n * 4 + 2 * (n + 1) * 4;
        return 2 * workspace + 2 * ranking + joint + 32 * 8;
    }

private:
    std::unique_ptr<uint64_t[]> own_;
    uint64_t* next_ = nullptr;
};

// An unsigned key that orders as the value does; equal values (0.0 and -0.0 too) give equal
// keys. Floating-point keys flip all bits of negatives and the sign bit of the rest.
uint64_t orderKey(double v) {
    uint64_t bits;
    v = v == 0 ? 0.0 : v;
    std::memcpy(&bits, &v, sizeof bits);
    return bits >> 63 ? ~bits : bits | (uint64_t(1) << 63);
}
uint64_t orderKey(float v) {
    uint32_t bits;
    v = v == 0 ? 0.0f : v;
    std::memcpy(&bits, &v, sizeof bits);
    return bits >> 31 ? ~bits : bits | (uint32_t(1) << 31);
}
uint64_t orderKey(int64_t v) {
    return static_cast<uint64_t>(v) ^ (uint64_t(1) << 63);
}
uint64_t orderKey(int32_t v) {
    return static_cast<uint32_t>(v) ^ (uint32_t(1) << 31);
}

// A sample's dense ranks (0 = smallest, equal values share one): by index, and along its
// indices in ascending order (ties by index); with the pairs it ties.
struct Ranking {
    uint32_t* rank = nullptr;           // rank[i]: the rank of value i
    uint32_t* ascending = nullptr;      // indices, values ascending
    uint32_t* ascendingRank = nullptr;  // rank[ascending[k]]
    uint32_t distinct = 0;
    int64_t tiedPairs = 0;
};

// Scratch memory for ranking one sample of n values.
struct Workspace {
    Keyed* items = nullptr;        // n
    Keyed* scratch = nullptr;      // n
    uint32_t* buckets = nullptr;   // 2^kMaxDigitBits
    uint32_t* table = nullptr;     // 4n + 2^kHashBits: by key (small spans) or by first-seen id
    uint32_t* starts = nullptr;    // n + 1: where each rank's indices start
    uint64_t* hashKeys = nullptr;  // 2^kHashBits
    uint32_t* hashIds = nullptr;   // 2^kHashBits
};

Workspace takeWorkspace(Arena& arena, size_t n) {
    Workspace w;
    w.items = arena.take<Keyed>(n);
    w.scratch = arena.take<Keyed>(n);
    w.buckets = arena.take<uint32_t>(size_t(1) << kMaxDigitBits);
    w.table = arena.take<uint32_t>(4 * n + (size_t(1) << kHashBits));
    w.starts = arena.take<uint32_t>(n + 1);
    w.hashKeys = arena.take<uint64_t>(size_t(1) << kHashBits);
    w.hashIds = arena.take<uint32_t>(size_t(1) << kHashBits);
    return w;
}

Ranking takeRanking(Arena& arena, size_t n) {
    Ranking r;
    r.rank = arena.take<uint32_t>(n);
    r.ascending = arena.take<uint32_t>(n);
    r.ascendingRank = arena.take<uint32_t>(n);
    return r;
}

// Sorts items by the `bits` low bits of keyOf(item), stably: LSD passes of digits of 8 to 16
// bits (wider for more items, so that 10^5 items take one pass per 16 bits); a digit all keys
// share is skipped. Returns the sorted array: items or scratch.
template <typename Item, typename KeyOf>
Item* radixSort(Item* items, Item* scratch, size_t n, int bits, KeyOf keyOf, uint32_t* counts) {
    const int digitBits = std::clamp(63 - __builtin_clzll(n | 1), 8, kMaxDigitBits);
    const uint64_t mask = (uint64_t(1) << digitBits) - 1;
    for (int shift = 0; shift < bits; shift += digitBits) {
        const size_t buckets = size_t(1) << std::min(digitBits, bits - shift);
        std::fill(counts, counts + buckets, 0u);
        for (size_t i = 0; i < n; ++i) ++counts[(keyOf(items[i]) >> shift) & mask];
        if (counts[(keyOf(items[0]) >> shift) & mask] == n) continue;
        uint32_t start = 0;
        for (size_t b = 0; b < buckets; ++b) start += std::exchange(counts[b], start);
        for (size_t i = 0; i < n; ++i)
            scratch[counts[(keyOf(items[i]) >> shift) & mask]++] = items[i];
        std::swap(items, scratch);
    }
    return items;
}

// Fills r from items sorted by key.
template <typename Item, typename KeyOf, typename IndexOf>
void rankSorted(const Item* sorted, size_t n, KeyOf keyOf, IndexOf indexOf, Ranking* r) {
    size_t run = 0;
    for (size_t k = 0; k < n; ++k) {
        if (k > 0 && keyOf(sorted[k]) != keyOf(sorted[k - 1])) {
            r->tiedPairs += pairsIn(static_cast<int64_t>(k - run));
            run = k;
            ++r->distinct;
        }
        const uint32_t i = indexOf(sorted[k]);
        r->rank[i] = r->distinct;
        r->ascending[k] = i;
        r->ascendingRank[k] = r->distinct;
    }
    r->tiedPairs += pairsIn(static_cast<int64_t>(n - run));
    ++r->distinct;
}

// Fills r's orders from r->rank, given where each rank's indices start (starts: advanced).
void placeByRank(size_t n, uint32_t* starts, Ranking* r) {
    for (size_t i = 0; i < n; ++i) {
        const uint32_t rank = r->rank[i], k = starts[rank]++;
        r->ascending[k] = static_cast<uint32_t>(i);
        r->ascendingRank[k] = rank;
    }
}

// Ranks keys spanning fewer than 4n values by a table indexed by key - lowest.
template <typename T>
void rankBySmallSpan(const T* values, size_t n, uint64_t lowest, uint64_t span,
                     const Workspace& work, Ranking* r) {
    uint32_t* table = work.table;
    std::fill(table, table + span + 1, 0u);
    for (size_t i = 0; i < n; ++i) ++table[orderKey(values[i]) - lowest];
    uint32_t position = 0;
    for (uint64_t v = 0; v <= span; ++v) {
        const uint32_t count = table[v];
        if (count == 0) continue;
        work.starts[r->distinct] = position;
        position += count;
        r->tiedPairs += pairsIn(count);
        table[v] = r->distinct++;
    }
    for (size_t i = 0; i < n; ++i) r->rank[i] = table[orderKey(values[i]) - lowest];
    placeByRank(n, work.starts, r);
}

// Ranks keys of which at most `limit` are distinct through a hash table: each value gets its
// key's first-seen id, the distinct keys are sorted, ids become ranks. False (r untouched but
// its rank array) when there are more distinct keys.
template <typename T>
bool rankByHashing(const T* values, size_t n, size_t limit, const Workspace& work, Ranking* r) {
    constexpr uint32_t kEmpty = std::numeric_limits<uint32_t>::max();
    constexpr size_t kSlots = size_t(1) << kHashBits;
    std::fill(work.hashIds, work.hashIds + kSlots, kEmpty);
    uint32_t* countOf = work.table;  // by id
    uint32_t distinct = 0;
    for (size_t i = 0; i < n; ++i) {
        const uint64_t key = orderKey(values[i]);
        size_t slot = (key * 0x9E3779B97F4A7C15ull) >> (64 - kHashBits);
        while (work.hashIds[slot] != kEmpty && work.hashKeys[slot] != key)
            slot = (slot + 1) & (kSlots - 1);
        if (work.hashIds[slot] == kEmpty) {
            if (distinct == limit) return false;
            work.hashKeys[slot] = key;
            work.hashIds[slot] = distinct;
            countOf[distinct++] = 0;
        }
        const uint32_t id = work.hashIds[slot];
        r->rank[i] = id;
        ++countOf[id];
    }
    Keyed* keys = work.items;
    for (size_t slot = 0, k = 0; slot < kSlots; ++slot)
        if (work.hashIds[slot] != kEmpty) keys[k++] = {work.hashKeys[slot], work.hashIds[slot]};
    std::sort(keys, keys + distinct, [](const Keyed& a, const Keyed& b) { return a.key < b.key; });
    uint32_t* rankOfId = work.table + limit;
    uint32_t position = 0;
    for (uint32_t rank = 0; rank < distinct; ++rank) {
        const uint32_t id = keys[rank].index;
        rankOfId[id] = rank;
        work.starts[rank] = position;
        position += countOf[id];
        r->tiedPairs += pairsIn(countOf[id]);
    }
    r->distinct = distinct;
    for (size_t i = 0; i < n; ++i) r->rank[i] = rankOfId[r->rank[i]];
    placeByRank(n, work.starts, r);
    return true;
}

// Ranks a sample: by a table when its keys span few values (runtimes), through a hash table
// when few are distinct (scores), else by radix-sorting its keys less the smallest, as
// (key << 32 | index) words when they span less than 2^32, else as Keyed pairs.
template <typename T>
void rankSample(const T* values, size_t n, const Workspace& work, Ranking* r) {
    uint64_t lowest = std::numeric_limits<uint64_t>::max(), highest = 0;
    for (size_t i = 0; i < n; ++i) {
        if constexpr (std::is_floating_point_v<T>)
            if (std::isnan(values[i]))
                throw std::invalid_argument("Kendall tau: input value " + std::to_string(i) +
                                            " is NaN");
        const uint64_t key = orderKey(values[i]);
        lowest = std::min(lowest, key);
        highest = std::max(highest, key);
    }
    const uint64_t span = highest - lowest;
    if (span < 4 * n) return rankBySmallSpan(values, n, lowest, span, work, r);
    if (n >= kHashFrom && rankByHashing(values, n, std::min(n / 2, kSlotsLimit), work, r)) return;
    const int bits = span == 0 ? 0 : 64 - __builtin_clzll(span);
    if (bits <= 32) {
        auto* words = reinterpret_cast<uint64_t*>(work.items);
        for (size_t i = 0; i < n; ++i) words[i] = (orderKey(values[i]) - lowest) << 32 | i;
        const auto keyOf = [](uint64_t word) { return word >> 32; };
        const uint64_t* sorted = radixSort(words, reinterpret_cast<uint64_t*>(work.scratch), n,
                                           bits, keyOf, work.buckets);
        rankSorted(
            sorted, n, keyOf, [](uint64_t word) { return uint32_t(word); }, r);
    } else {
        for (size_t i = 0; i < n; ++i)
            work.items[i] = {orderKey(values[i]) - lowest, static_cast<uint32_t>(i)};
        const auto keyOf = [](const Keyed& item) { return item.key; };
        const Keyed* sorted = radixSort(work.items, work.scratch, n, bits, keyOf, work.buckets);
        rankSorted(
            sorted, n, keyOf, [](const Keyed& item) { return item.index; }, r);
    }
}

// The pairs tied in both samples and the discordant pairs, from the two rankings; b should be
// the one with fewer distinct values (fewer bits to count inversions over).
void countJointly(const Ranking& a, const Ranking& b, size_t n, Arena& arena, int threads,
                  PairCounts* counts) {
    // The (a rank, b rank) cells in (a, b) order: b's ascending order, stably sorted by a's rank.
    uint32_t* start = arena.take<uint32_t>(size_t(a.distinct) + 1);
    std::fill(start, start + a.distinct + 1, 0u);
    for (size_t i = 0; i < n; ++i) ++start[a.rank[i] + 1];
    for (uint32_t v = 0; v < a.distinct; ++v) start[v + 1] += start[v];
    uint64_t* cells = arena.take<uint64_t>(n);
    for (size_t k = 0; k < n; ++k) {
        const uint32_t ra = a.rank[b.ascending[k]];
        cells[start[ra]++] = uint64_t(ra) << 32 | b.ascendingRank[k];
    }
    // Runs of equal cells are joint ties. A pair earlier-later with b strictly falling is
    // discordant (within a run of equal a, b only rises).
    // The b ranks alone (half the bytes) for the passes below.
    uint32_t* ranks = arena.take<uint32_t>(n);
    int64_t tiedXY = 0;
    size_t run = 0;
    ranks[0] = static_cast<uint32_t>(cells[0]);
    for (size_t k = 1; k < n; ++k) {
        ranks[k] = static_cast<uint32_t>(cells[k]);
        if (cells[k] != cells[k - 1]) {
            tiedXY += pairsIn(static_cast<int64_t>(k - run));
            run = k;
        }
    }
    counts->tiedXY = tiedXY + pairsIn(static_cast<int64_t>(n - run));
    // The discordant pairs are the inversions of the b ranks. Two ranks first differ at some
    // bit, set in the larger: per bit, one pass counts the earlier-larger pairs among the ranks
    // that share the bits above it.
    const int levels = 32 - __builtin_clz(b.distinct);
    const size_t groups = size_t(1) << (levels - 1);
    uint32_t* ones[2] = {arena.take<uint32_t>(groups), arena.take<uint32_t>(groups)};
    int64_t inversions[2] = {0, 0};
    parallelFor(2, threads, [&](size_t half) {  // half: the even or the odd bits
        for (int bit = int(half); bit < levels; bit += 2) {
            uint32_t* seen = ones[half];
            std::fill(seen, seen + (groups >> bit), 0u);
            int64_t found = 0;
            for (size_t k = 0; k < n; ++k) {
                const uint32_t rank = ranks[k];
                const uint32_t above = rank >> (bit + 1), set = (rank >> bit) & 1;
                found += seen[above] & (set - 1);  // a clear bit meets the set ones before it
                seen[above] += set;
            }
            inversions[half] += found;
        }
    });
    const int64_t discordant = inversions[0] + inversions[1];
    counts->discordant = discordant;
}

}  // namespace

template <typename X, typename Y>
PairCounts countPairs(const X* x, const Y* y, size_t n) {
    if (n > std::numeric_limits<uint32_t>::max())
        throw std::invalid_argument("Kendall tau: more than 2^32 - 1 values");
    PairCounts counts;
    counts.n = static_cast<int64_t>(n);
    counts.totalPairs = pairsIn(counts.n);
    if (n == 0) return counts;
    Arena arena(Arena::bytesFor(n));
    const Workspace work[2] = {takeWorkspace(arena, n), takeWorkspace(arena, n)};
    Ranking rx = takeRanking(arena, n), ry = takeRanking(arena, n);
    // Large samples are ranked at once on two threads.
    const int threads = n >= kParallelValues ? 2 : 1;
    parallelFor(2, threads, [&](size_t which) {
        if (which == 0)
            rankSample(x, n, work[0], &rx);
        else
            rankSample(y, n, work[1], &ry);
    });
    counts.tiedX = rx.tiedPairs;
    counts.tiedY = ry.tiedPairs;
    // Discordance is symmetric: the sample with more distinct values orders the walk.
    if (rx.distinct >= ry.distinct)
        countJointly(rx, ry, n, arena, threads, &counts);
    else
        countJointly(ry, rx, n, arena, threads, &counts);
    counts.concordant =
        counts.totalPairs - counts.tiedX - counts.tiedY + counts.tiedXY - counts.discordant;
    return counts;
}

double kendallTauFromCounts(const PairCounts& c) {
    const int64_t untiedX = c.totalPairs - c.tiedX, untiedY = c.totalPairs - c.tiedY;
    if (untiedX <= 0 || untiedY <= 0) return 0.0;  // n < 2 or a constant input (scipy: NaN)
    // Same operation order as scipy, so results agree to the last bit in practice.
    const double tau = static_cast<double>(c.concordant - c.discordant) /
                       std::sqrt(static_cast<double>(untiedX)) /
                       std::sqrt(static_cast<double>(untiedY));
    return std::clamp(tau, -1.0, 1.0);
}

template <typename X, typename Y>
double kendallTau(const X* x, const Y* y, size_t n) {
    return kendallTauFromCounts(countPairs(x, y, n));
}

double kendallTau(const std::vector<double>& x, const std::vector<double>& y) {
    if (x.size() != y.size())
        throw std::invalid_argument("Kendall tau: inputs differ in size (" +
                                    std::to_string(x.size()) + " vs " + std::to_string(y.size()) +
                                    ")");
    return kendallTau(x.data(), y.data(), x.size());
}

// Every pair of the element types the header lists.
#define TPUGRAPHS_KENDALL_FOR(X, Y)                                   \
    template PairCounts countPairs<X, Y>(const X*, const Y*, size_t); \
    template double kendallTau<X, Y>(const X*, const Y*, size_t);
#define TPUGRAPHS_KENDALL_FOR_X(X)    \
    TPUGRAPHS_KENDALL_FOR(X, double)  \
    TPUGRAPHS_KENDALL_FOR(X, float)   \
    TPUGRAPHS_KENDALL_FOR(X, int64_t) \
    TPUGRAPHS_KENDALL_FOR(X, int32_t)
TPUGRAPHS_KENDALL_FOR_X(double)
TPUGRAPHS_KENDALL_FOR_X(float)
TPUGRAPHS_KENDALL_FOR_X(int64_t)
TPUGRAPHS_KENDALL_FOR_X(int32_t)
#undef TPUGRAPHS_KENDALL_FOR_X
#undef TPUGRAPHS_KENDALL_FOR

}  // namespace tpugraphs
