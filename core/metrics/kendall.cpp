// Kendall's tau-b in O(n log n) (Knight's method with tie corrections), mostly without
// comparison sorts: each sample is ranked densely on its own (by a table over small integer
// spans, a hash table when few values are distinct, else a 3-pass LSD radix sort of the top bits
// of order-preserving integer keys, the few keys sharing those sorted in full), ties counted on
// the way; the pairs are put in (a, b) order (a's rank itself when a has no ties, else two
// counting sorts of 4-byte ranks: by b, then stably by a), joint ties are the runs in that
// order, and the discordant pairs are the inversions of b's ranks in it, counted two bits at a
// time (three counters packed in a word per group) over the sample with fewer distinct values,
// the low 6 bits by bit masks when no rank repeats.
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

// Radix sorts take 3 passes of digits of up to 12 bits (their counters stay in the L1 cache):
// keys longer than that are sorted by their top bits, and the few that share them in full.
constexpr int kRadixPasses = 3;
constexpr int kMaxDigitBits = 12;
constexpr size_t kDigitCounters = size_t(kRadixPasses) << kMaxDigitBits;
// Samples of at least 2^14 values with at most 2^15 distinct ones (scores, typically) are
// ranked through a hash table of 2^16 slots instead of being sorted.
// A small table of 2^12 slots (within the L1 and L2 caches) is tried first.
constexpr int kHashBits = 16;
constexpr int kSmallHashBits = 12;
constexpr size_t kHashFrom = size_t(1) << 14;
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
        const size_t workspace = 2 * n * sizeof(uint64_t) + kDigitCounters * 4 +
                                 (4 * n + hash) * 4 + hash * sizeof(Keyed);
        const size_t ranking = (2 * n + 1) * sizeof(uint32_t);
        const size_t joint = 2 * n * 4 + n + 2 * (n + 2) * 8;
        return 2 * workspace + 2 * ranking + joint + 32 * 8;
    }

private:
    std::unique_ptr<uint64_t[]> own_;
    uint64_t* next_ = nullptr;
};

// An unsigned key that orders as the value does; equal values (0.0 and -0.0 too: adding +0.0
// turns -0.0 into +0.0) give equal keys. Floating-point keys flip all bits of negatives and the
// sign bit of the rest, without branches (signs of scores are not predictable).
uint64_t orderKey(double v) {
    int64_t bits;
    v += 0.0;
    std::memcpy(&bits, &v, sizeof bits);
    return static_cast<uint64_t>(bits ^ ((bits >> 63) | std::numeric_limits<int64_t>::min()));
}
uint64_t orderKey(float v) {
    int32_t bits;
    v += 0.0f;
    std::memcpy(&bits, &v, sizeof bits);
    return static_cast<uint32_t>(bits ^ ((bits >> 31) | std::numeric_limits<int32_t>::min()));
}
uint64_t orderKey(int64_t v) {
    return static_cast<uint64_t>(v) ^ (uint64_t(1) << 63);
}
uint64_t orderKey(int32_t v) {
    return static_cast<uint32_t>(v) ^ (uint32_t(1) << 31);
}

// A sample's dense ranks (0 = smallest, equal values share one), where each rank's values
// start in ascending order, and the pairs the sample ties.
struct Ranking {
    uint32_t* rank = nullptr;    // n: rank[i], the rank of value i
    uint32_t* starts = nullptr;  // n + 1: starts[r], how many values rank below r
    uint32_t distinct = 0;
    int64_t tiedPairs = 0;
};

// Scratch memory for ranking one sample of n values.
struct Workspace {
    uint64_t* words = nullptr;    // n: key << indexBits | index (or n / 2 Keyed)
    uint64_t* scratch = nullptr;  // n
    uint32_t* buckets = nullptr;  // kDigitCounters
    uint32_t* table = nullptr;    // 4n + 2^kHashBits: by key (small spans) or by first-seen id
    Keyed* slots = nullptr;       // 2^kHashBits: key, first-seen id
};

Workspace takeWorkspace(Arena& arena, size_t n) {
    Workspace w;
    w.words = arena.take<uint64_t>(n);
    w.scratch = arena.take<uint64_t>(n);
    w.buckets = arena.take<uint32_t>(kDigitCounters);
    w.table = arena.take<uint32_t>(4 * n + (size_t(1) << kHashBits));
    w.slots = arena.take<Keyed>(size_t(1) << kHashBits);
    return w;
}

Ranking takeRanking(Arena& arena, size_t n) {
    Ranking r;
    r.rank = arena.take<uint32_t>(n);
    r.starts = arena.take<uint32_t>(n + 1);
    return r;
}

// Adds a rank of `count` values to r (ranks come in ascending order).
void addRank(uint32_t count, uint32_t* position, Ranking* r) {
    r->starts[r->distinct++] = *position;
    *position += count;
    r->tiedPairs += pairsIn(count);
}

// The digit width of the radix sort of n keys: 8 to 12 bits (wider for more keys).
int widestDigitFor(size_t n) {
    return std::clamp(63 - __builtin_clzll(n | 1), 8, kMaxDigitBits);
}

// Sorts words by their bits above indexBits, stably, in kRadixPasses passes of `width`-bit
// digits, given each pass's digit counts (counts[pass << width | digit], counted while the
// words were built); a digit all words share is skipped. Returns the sorted array: words or
// scratch.
uint64_t* radixSort(uint64_t* words, uint64_t* scratch, size_t n, int indexBits, int width,
                    uint32_t* counts) {
    const uint64_t mask = (uint64_t(1) << width) - 1;
    const size_t buckets = size_t(1) << width;
    for (int pass = 0; pass < kRadixPasses; ++pass) {
        const int shift = indexBits + pass * width;
        uint32_t* count = counts + pass * buckets;
        if (count[(words[0] >> shift) & mask] == n) continue;
        uint32_t start = 0;
        for (size_t b = 0; b < buckets; ++b) start += std::exchange(count[b], start);
        for (size_t i = 0; i < n; ++i) scratch[count[(words[i] >> shift) & mask]++] = words[i];
        std::swap(words, scratch);
    }
    return words;
}

// Fills r from words (key << indexBits | index) sorted by key, where the key is the value's
// order key less the smallest, shifted right by keyShift so that it fits: words of one key
// (one value, or values close enough to share the kept bits) are sorted by their full order
// keys and ranked by them.
template <typename T>
void rankSortedWords(uint64_t* sorted, size_t n, int indexBits, int keyShift, const T* values,
                     Ranking* r) {
    const uint64_t indexMask = (uint64_t(1) << indexBits) - 1;
    const auto fullKey = [&](uint64_t word) { return orderKey(values[word & indexMask]); };
    uint32_t position = 0;
    const auto rankRun = [&](size_t from, size_t to) {
        for (size_t j = from; j < to; ++j) r->rank[sorted[j] & indexMask] = r->distinct;
        addRank(static_cast<uint32_t>(to - from), &position, r);
    };
    size_t run = 0;
    for (size_t k = 1; k <= n; ++k) {
        if (k < n && (sorted[k] >> indexBits) == (sorted[k - 1] >> indexBits)) continue;
        if (keyShift == 0 || k - run == 1) {
            rankRun(run, k);
        } else {
            std::sort(sorted + run, sorted + k,
                      [&](uint64_t a, uint64_t b) { return fullKey(a) < fullKey(b); });
            for (size_t from = run, j = run + 1; j <= k; ++j)
                if (j == k || fullKey(sorted[j]) != fullKey(sorted[from])) {
                    rankRun(from, j);
                    from = j;
                }
        }
        run = k;
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
        table[v] = r->distinct;
        addRank(count, &position, r);
    }
    for (size_t i = 0; i < n; ++i) r->rank[i] = table[orderKey(values[i]) - lowest];
}

// Ranks keys of which at most min(n / 2, half the 2^bits slots) are distinct through a hash
// table: each value gets its key's first-seen id, the distinct keys are sorted, ids become
// ranks. False (r untouched but its rank array) when there are more distinct keys, with *read
// the values read until the table was full.
template <typename T>
bool rankByHashing(const T* values, size_t n, int bits, const Workspace& work, Ranking* r,
                   size_t* read) {
    constexpr uint32_t kEmpty = std::numeric_limits<uint32_t>::max();
    const size_t slots = size_t(1) << bits, limit = std::min(n / 2, slots / 2);
    Keyed* slot = work.slots;
    std::fill(slot, slot + slots, Keyed{0, kEmpty});
    uint32_t* countOf = work.table;  // by id
    uint32_t distinct = 0;
    for (size_t i = 0; i < n; ++i) {
        const uint64_t key = orderKey(values[i]);
        size_t s = (key * 0x9E3779B97F4A7C15ull) >> (64 - bits);
        while (slot[s].index != kEmpty && slot[s].key != key) s = (s + 1) & (slots - 1);
        if (slot[s].index == kEmpty) {
            if (distinct == limit) {
                *read = i;
                return false;
            }
            slot[s] = {key, distinct};
            countOf[distinct++] = 0;
        }
        const uint32_t id = slot[s].index;
        r->rank[i] = id;
        ++countOf[id];
    }
    Keyed* keys = reinterpret_cast<Keyed*>(work.words);  // distinct <= n / 2
    for (size_t s = 0, k = 0; s < slots; ++s)
        if (slot[s].index != kEmpty) keys[k++] = slot[s];
    std::sort(keys, keys + distinct, [](const Keyed& a, const Keyed& b) { return a.key < b.key; });
    uint32_t* rankOfId = work.table + limit;
    uint32_t position = 0;
    for (uint32_t rank = 0; rank < distinct; ++rank) {
        const uint32_t id = keys[rank].index;
        rankOfId[id] = rank;
        addRank(countOf[id], &position, r);
    }
    for (size_t i = 0; i < n; ++i) r->rank[i] = rankOfId[r->rank[i]];
    return true;
}

// Ranks a sample: by a table when its keys span few values, through a hash table when few are
// distinct, else by radix-sorting its keys less the smallest as (key << indexBits | index)
// words.
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
    if (n >= kHashFrom) {
        // The large table is tried only where the small one filled up late enough for the
        // distinct keys, extrapolated, to fit it (16 times as many).
        size_t read = 0;
        if (rankByHashing(values, n, kSmallHashBits, work, r, &read)) return;
        if (read >= n >> (kHashBits - kSmallHashBits) &&
            rankByHashing(values, n, kHashBits, work, r, &read))
            return;
    }
    // Keys with their index in one word, sorted by their top bits that 3 digits hold: a 64-bit
    // float key spans up to 2^63, in which a sample's values lie so far apart that few share
    // their top 36 bits.
    const int bits = 64 - __builtin_clzll(span);
    const int indexBits = 64 - __builtin_clzll((n - 1) | 1);
    const int sortedBits = std::min({bits, kRadixPasses * widestDigitFor(n), 64 - indexBits});
    const int keyShift = bits - sortedBits;
    const int width = (sortedBits + kRadixPasses - 1) / kRadixPasses;
    const uint64_t digitMask = (uint64_t(1) << width) - 1;
    uint32_t* counts[kRadixPasses];
    for (int pass = 0; pass < kRadixPasses; ++pass) counts[pass] = work.buckets + (pass << width);
    std::fill(work.buckets, work.buckets + (kRadixPasses << width), 0u);
    uint64_t* words = work.words;
    for (size_t i = 0; i < n; ++i) {
        const uint64_t key = (orderKey(values[i]) - lowest) >> keyShift;
        words[i] = key << indexBits | i;
        ++counts[0][key & digitMask];
        ++counts[1][(key >> width) & digitMask];
        ++counts[2][key >> (2 * width)];
    }
    uint64_t* sorted = radixSort(words, work.scratch, n, indexBits, width, work.buckets);
    rankSortedWords(sorted, n, indexBits, keyShift, values, r);
}

// b's ranks in (a rank, b rank) order, by two stable counting sorts: a's ranks grouped by b's
// rank, then b's ranks grouped by a's rank. Advances both starts arrays to each rank's end.
void orderByAThenB(const Ranking& a, const Ranking& b, size_t n, uint32_t* aByB, uint32_t* ranks) {
    uint32_t* bEnd = b.starts;
    for (size_t i = 0; i < n; ++i) aByB[bEnd[b.rank[i]]++] = a.rank[i];
    uint32_t* aEnd = a.starts;
    for (uint32_t rb = 0, k = 0; rb < b.distinct; ++rb)
        for (const uint32_t end = bEnd[rb]; k < end; ++k) ranks[aEnd[aByB[k]]++] = rb;
}

// The pairs tied in both samples: runs of equal b ranks within each a rank's group, summed
// without branches as, per value, how many of its run came before it (groupStart: n bytes).
int64_t tiedInBoth(const uint32_t* ranks, size_t n, const uint32_t* aEnd, uint32_t aDistinct,
                   uint8_t* groupStart) {
    std::fill(groupStart, groupStart + n, uint8_t(0));
    for (uint32_t ra = 0; ra + 1 < aDistinct; ++ra) groupStart[aEnd[ra]] = 1;
    int64_t tied = 0;
    size_t run = 0;
    for (size_t k = 1; k < n; ++k) {
        run = ranks[k] == ranks[k - 1] && !groupStart[k] ? run : k;
        tied += static_cast<int64_t>(k - run);
    }
    return tied;
}

// The inversions of ranks that occur within groups sharing the bits above `shift + width`, where
// two ranks first differ in the digit of `width` bits at `shift`: pairs earlier-later with the
// earlier digit larger. Per group, one word packs fields of fieldBits bits: field t counts the
// ranks so far with a digit above t (a digit reads its own field; the top one reads zero bits).
int64_t inversionsAtDigit(const uint32_t* ranks, size_t n, int shift, int width, int fieldBits,
                          uint64_t* counters, size_t groups) {
    const uint32_t digitMask = (uint32_t(1) << width) - 1;
    const uint64_t fieldMask = (uint64_t(1) << fieldBits) - 1;
    uint64_t increment[4] = {0, 0, 0, 0};  // by digit: one in each field below it
    int fieldShift[4] = {0, 0, 0, 0};
    for (uint32_t digit = 1; digit <= digitMask; ++digit) {
        fieldShift[digit] = fieldBits * int(digit);
        increment[digit] = increment[digit - 1] + (uint64_t(1) << fieldShift[digit - 1]);
    }
    std::fill(counters, counters + groups, uint64_t(0));
    int64_t found = 0;
    for (size_t k = 0; k < n; ++k) {
        const uint32_t rank = ranks[k], digit = (rank >> shift) & digitMask;
        uint64_t& fields = counters[rank >> (shift + width)];
        found += static_cast<int64_t>((fields >> fieldShift[digit]) & fieldMask);
        fields += increment[digit];
    }
    return found;
}

// The inversions of distinct ranks that share all but their low 6 bits: per such group, a word
// holds the low bits seen so far, and a rank's inversions are the bits set above its own.
__attribute__((target_clones("popcnt", "default"))) int64_t inversionsWithinWords(
    const uint32_t* ranks, size_t n, uint64_t* masks) {
    std::fill(masks, masks + (n >> 6) + 1, uint64_t(0));
    int64_t found = 0;
    for (size_t k = 0; k < n; ++k) {
        const uint32_t rank = ranks[k];
        uint64_t& seen = masks[rank >> 6];
        found += __builtin_popcountll(seen >> (rank & 63));
        seen |= uint64_t(1) << (rank & 63);
    }
    return found;
}

// The pairs tied in both samples and the discordant pairs, from the two rankings (their starts
// consumed); b should be the one with fewer distinct values (fewer bits to count inversions
// over). A pair earlier-later in (a, b) order with b strictly falling is discordant.
void countJointly(const Ranking& a, const Ranking& b, size_t n, Arena& arena, int threads,
                  PairCounts* counts) {
    uint32_t* ranks = arena.take<uint32_t>(n);
    if (a.distinct == n) {  // a without ties: a's rank is the place in (a, b) order
        for (size_t i = 0; i < n; ++i) ranks[a.rank[i]] = b.rank[i];
        counts->tiedXY = 0;
    } else {
        orderByAThenB(a, b, n, arena.take<uint32_t>(n), ranks);
        counts->tiedXY = tiedInBoth(ranks, n, a.starts, a.distinct, arena.take<uint8_t>(n));
    }
    // The inversions of b's ranks: two ranks first differ in some digit, larger in the larger
    // rank. Digits of 2 bits while 3 counts of up to n fit one word, else of 1 bit; distinct
    // ranks (no ties at all) take their low 6 bits at once.
    const int levels = 32 - __builtin_clz(b.distinct);
    const int fieldBits = 64 - __builtin_clzll(n);
    const int width = fieldBits <= 21 ? 2 : 1;
    const bool distinct = b.distinct == n;
    const int firstShift = distinct ? std::min(levels, 6) : 0;
    const size_t groups = std::max((size_t(1) << levels >> width) + 1, (n >> 6) + 1);
    uint64_t* counters[2] = {arena.take<uint64_t>(groups), arena.take<uint64_t>(groups)};
    int64_t inversions[2] = {0, 0};
    parallelFor(2, threads, [&](size_t half) {  // half: the even or the odd digits
        if (half == 1 && distinct) inversions[1] += inversionsWithinWords(ranks, n, counters[1]);
        for (int shift = firstShift + int(half) * width; shift < levels; shift += 2 * width)
            inversions[half] +=
                inversionsAtDigit(ranks, n, shift, width, fieldBits, counters[half], groups);
    });
    counts->discordant = inversions[0] + inversions[1];
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
