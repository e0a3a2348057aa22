// The prepared-graph cache's entry format: a 64-byte header, then the graph's fields and arrays
// (each array: its element count, then its bytes, 8-byte aligned), little-endian as in memory.
#include "prepare/prepared_entry.h"

#include <cstddef>
#include <cstring>
#include <type_traits>
#include <vector>

#include "data/aligned_buffer.h"
#include "data/crc32.h"
#include "data/tpugraphs_format.h"

namespace tpugraphs {

namespace {

constexpr char kMagic[8] = {'T', 'P', 'G', 'P', 'R', 'E', 'P', '\n'};
constexpr size_t kHeaderBytes = kPreparedHeaderBytes;

struct Header {
    char magic[8];
    uint32_t formatVersion;
    uint32_t optionBits;
    uint64_t sourceBytes;
    int64_t sourceModifiedNs;
    uint64_t sourceFingerprint;
    uint64_t payloadBytes;
    uint32_t payloadCrc;
    uint32_t headerCrc;  // of the bytes before it
    uint8_t reserved[8];
};
static_assert(sizeof(Header) == kHeaderBytes, "the header is 64 bytes");
static_assert(std::is_trivially_copyable<NodeLayout>::value && sizeof(NodeLayout) == 12,
              "layouts are stored as 3 uint32");

uint32_t headerCrcOf(const Header& header) {
    return crc32Of(&header, offsetof(Header, headerCrc));
}

size_t padded(size_t bytes) {
    return (bytes + 7) / 8 * 8;
}

class Writer {
public:
    explicit Writer(std::string* out) : m_out(out) {}
    template <typename T>
    void value(T v) {
        append(&v, sizeof v);
    }
    template <typename T>
    void array(const T* data, size_t count) {
        value<uint64_t>(count);
        append(data, count * sizeof(T));
    }
    template <typename T>
    void array(const std::vector<T>& values) {
        array(values.data(), values.size());
    }

private:
    // Appends `bytes` bytes and zeros up to the next multiple of 8.
    void append(const void* data, size_t bytes) {
        const size_t at = m_out->size();
        m_out->resize(at + padded(bytes), '\0');
        if (bytes) std::memcpy(&(*m_out)[at], data, bytes);
    }
    std::string* m_out;
};

[[noreturn]] void damaged(const std::string& why) {
    throw PreparedEntryError(EntryProblem::Damaged, "damaged entry: " + why);
}

class Reader {
public:
    Reader(const uint8_t* data, size_t size) : m_data(data), m_size(size) {}
    template <typename T>
    T value() {
        T v;
        std::memcpy(&v, take(sizeof v), sizeof v);
        return v;
    }
    template <typename T>
    std::vector<T> array() {
        const uint64_t count = value<uint64_t>();
        if (count > (m_size - m_at) / sizeof(T)) damaged("an array runs past the end");
        std::vector<T> values;
        reserveLarge(values, static_cast<size_t>(count));
        values.resize(static_cast<size_t>(count));
        if (count) std::memcpy(values.data(), take(count * sizeof(T)), count * sizeof(T));
        return values;
    }
    bool atEnd() const { return m_at == m_size; }

private:
    const uint8_t* take(size_t bytes) {
        if (padded(bytes) > m_size - m_at) damaged("a field runs past the end");
        const uint8_t* at = m_data + m_at;
        m_at += padded(bytes);
        return at;
    }
    const uint8_t* m_data;
    size_t m_size, m_at = 0;
};

void encodeConfigs(Writer& w, const PackedLayoutConfigs& configs) {
    w.value<int64_t>(configs.configCount());
    w.value<int64_t>(configs.nodeCount());
    w.value<int32_t>(configs.codeBytes());
    w.array(configs.row(0), static_cast<size_t>(configs.configCount()) * configs.rowBytes());
    std::vector<uint32_t> sizes;
    std::vector<NodeLayout> layouts;
    for (int64_t n = 0; n < configs.nodeCount(); ++n) {
        const std::vector<NodeLayout>& table = configs.distinctLayouts(n);
        sizes.push_back(static_cast<uint32_t>(table.size()));
        layouts.insert(layouts.end(), table.begin(), table.end());
    }
    w.array(sizes);
    w.array(layouts);
}

PackedLayoutConfigs decodeConfigs(Reader& r) {
    const auto configs = r.value<int64_t>();
    const auto nodes = r.value<int64_t>();
    const auto codeBytes = r.value<int32_t>();
    std::vector<uint8_t> codes = r.array<uint8_t>();
    const std::vector<uint32_t> sizes = r.array<uint32_t>();
    const std::vector<NodeLayout> layouts = r.array<NodeLayout>();
    std::vector<std::vector<NodeLayout>> tables;
    size_t at = 0;
    for (uint32_t size : sizes) {
        if (size > layouts.size() - at) damaged("layout tables run past their layouts");
        tables.emplace_back(layouts.begin() + at, layouts.begin() + at + size);
        at += size;
    }
    if (at != layouts.size()) damaged("layouts left over after the tables");
    try {
        return PackedLayoutConfigs::fromParts(configs, nodes, codeBytes, std::move(codes),
                                              std::move(tables));
    } catch (const std::invalid_argument& e) {
        damaged(e.what());
    }
}

// Every size and index of a decoded graph agrees with the others.
void checkConsistent(const PreparedGraph& g) {
    const auto n = static_cast<size_t>(g.nodes);
    if (g.nodes < 0 || g.featureColumns <= 0 || g.nodeFeat.size() != n * size_t(g.featureColumns) ||
        g.opcode.size() != n || g.src.size() != g.dst.size())
        damaged("node or edge arrays disagree in size");
    for (const std::vector<int64_t>* ids : {&g.src, &g.dst, &g.configNodeRows})
        for (int64_t id : *ids)
            if (id < 0 || id >= g.nodes) damaged("a node index is out of range");
    for (int64_t id : g.opcode)
        if (id < 0 || id > kOpcodeMaxId) damaged("an opcode id is out of range");
    const auto configs = static_cast<size_t>(g.configCount());
    if (g.configRuntime.size() != configs) damaged("runtimes disagree in size");
    if (g.kind == GraphKind::Tile) {
        if (g.configColumns <= 0 || g.configFeat.size() != configs * size_t(g.configColumns) ||
            g.normalizers.size() != configs)
            damaged("config arrays disagree in size");
    } else if (g.configs.configCount() != g.configCount() ||
               g.configs.nodeCount() != static_cast<int64_t>(g.configNodeRows.size())) {
        damaged("layout configs disagree with the configurable nodes or runtimes");
    }
}

}  // namespace

uint32_t preparedOptionBits(GraphKind kind, const PrepareOptions& options) {
    uint32_t bits = options.markLayoutPadding ? 1u : 0u;
    if (kind == GraphKind::Layout && options.prune) bits |= 2u;
    if (kind == GraphKind::Tile && options.tileRelativeFeatures) bits |= 4u;
    return bits;
}

std::string encodePreparedEntry(const PreparedGraph& g, const PreparedEntryKey& key) {
    std::string out(kHeaderBytes, '\0');
    Writer w(&out);
    w.value<uint32_t>(static_cast<uint32_t>(g.kind));
    w.value<int64_t>(g.nodes);
    w.value<int32_t>(g.featureColumns);
    w.value<int32_t>(g.configColumns);
    w.array(g.nodeFeat);
    w.array(g.opcode);
    w.array(g.src);
    w.array(g.dst);
    w.array(g.configFeat);
    w.array(g.configNodeRows);
    encodeConfigs(w, g.configs);
    w.array(g.configRuntime);
    w.array(g.normalizers);
    w.array(g.runtime);
    Header header{};
    std::memcpy(header.magic, kMagic, sizeof kMagic);
    header.formatVersion = kPreparedFormatVersion;
    header.optionBits = key.optionBits;
    header.sourceBytes = key.sourceBytes;
    header.sourceModifiedNs = key.sourceModifiedNs;
    header.sourceFingerprint = key.sourceFingerprint;
    header.payloadBytes = out.size() - kHeaderBytes;
    header.payloadCrc = crc32Of(out.data() + kHeaderBytes, header.payloadBytes);
    header.headerCrc = headerCrcOf(header);
    std::memcpy(&out[0], &header, sizeof header);
    return out;
}

void checkPreparedEntryHeader(const uint8_t* data, size_t size, const PreparedEntryKey& key) {
    Header h{};
    if (size < kHeaderBytes) damaged(std::to_string(size) + " bytes, shorter than its header");
    std::memcpy(&h, data, sizeof h);
    if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) damaged("not a prepared-graph entry");
    if (h.headerCrc != headerCrcOf(h)) damaged("header checksum mismatch");
    if (h.formatVersion != kPreparedFormatVersion)
        throw PreparedEntryError(EntryProblem::OtherFormat,
                                 "written in format version " + std::to_string(h.formatVersion) +
                                     ", this build reads version " +
                                     std::to_string(kPreparedFormatVersion));
    if (h.sourceBytes != key.sourceBytes || h.sourceModifiedNs != key.sourceModifiedNs ||
        h.sourceFingerprint != key.sourceFingerprint)
        throw PreparedEntryError(EntryProblem::SourceChanged,
                                 "the .npz changed since it was cached (size, modification time "
                                 "or content)");
    if (h.optionBits != key.optionBits)
        throw PreparedEntryError(EntryProblem::OtherOptions, "prepared with other options");
    if (h.payloadBytes != size - kHeaderBytes)
        damaged(std::to_string(size) + " bytes where the header says " +
                std::to_string(h.payloadBytes + kHeaderBytes) + " (truncated?)");
}

bool isPreparedEntryHeader(const uint8_t* data, size_t size) {
    Header h{};
    if (size < kHeaderBytes) return false;
    std::memcpy(&h, data, sizeof h);
    return std::memcmp(h.magic, kMagic, sizeof kMagic) == 0 && h.headerCrc == headerCrcOf(h);
}

PreparedGraph decodePreparedEntry(const uint8_t* data, size_t size, const PreparedEntryKey& key,
                                  const std::string& path) {
    checkPreparedEntryHeader(data, size, key);
    Header h{};
    std::memcpy(&h, data, sizeof h);
    if (crc32Of(data + kHeaderBytes, size - kHeaderBytes) != h.payloadCrc)
        damaged("checksum mismatch");
    Reader r(data + kHeaderBytes, size - kHeaderBytes);
    PreparedGraph g;
    g.path = path;
    g.name = graphNameFromPath(path);
    const auto kind = r.value<uint32_t>();
    if (kind != static_cast<uint32_t>(GraphKind::Tile) &&
        kind != static_cast<uint32_t>(GraphKind::Layout))
        damaged("unknown graph kind");
    g.kind = static_cast<GraphKind>(kind);
    g.nodes = r.value<int64_t>();
    g.featureColumns = r.value<int32_t>();
    g.configColumns = r.value<int32_t>();
    g.nodeFeat = r.array<float>();
    g.opcode = r.array<int64_t>();
    g.src = r.array<int64_t>();
    g.dst = r.array<int64_t>();
    g.configFeat = r.array<float>();
    g.configNodeRows = r.array<int64_t>();
    g.configs = decodeConfigs(r);
    g.configRuntime = r.array<int64_t>();
    g.normalizers = r.array<int64_t>();
    g.runtime = r.array<double>();
    if (!r.atEnd()) damaged("bytes left over after the graph");
    checkConsistent(g);
    return g;
}

}  // namespace tpugraphs
