// Base-7 packing of layout config features and their per-node tables of distinct layouts.
#include "data/layout_configs.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace tpugraphs {

namespace {
constexpr int kGroupSize = 6;

int codeBytesFor(size_t largestTable) {
    if (largestTable <= 256) return 1;
    if (largestTable <= 65536) return 2;
    return 4;
}

// Whether every code of `codes` (rows of limits.size() codes of type Code) is below its node's
// limit.
template <typename Code>
bool codesInside(const std::vector<uint8_t>& codes, const std::vector<uint32_t>& limits) {
    const size_t cells = codes.size() / sizeof(Code), nodes = limits.size();
    bool outside = false;
    for (size_t i = 0; i < cells; i += nodes)
        for (size_t n = 0; n < nodes; ++n) {
            Code code;
            std::memcpy(&code, codes.data() + (i + n) * sizeof(Code), sizeof code);
            outside |= code >= limits[n];
        }
    return !outside;
}

size_t hashLayout(const NodeLayout& layout) {
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (uint32_t g : layout.groups) h = (h ^ g) * 0x100000001B3ull;
    return static_cast<size_t>(h ^ (h >> 29));
}
}  // namespace

uint32_t packLayoutGroup(const float* six) {
    uint32_t packed = 0;
    for (int i = 0; i < kGroupSize; ++i) packed = packed * 7 + static_cast<uint32_t>(six[i] + 1.0f);
    return packed;
}

void unpackLayoutGroup(uint32_t packed, float* six) {
    for (int i = kGroupSize - 1; i >= 0; --i) {
        six[i] = static_cast<float>(packed % 7) - 1.0f;
        packed /= 7;
    }
}

bool NodeLayout::operator==(const NodeLayout& other) const {
    return groups[0] == other.groups[0] && groups[1] == other.groups[1] &&
           groups[2] == other.groups[2];
}

void NodeLayout::unpack(float* out) const {
    for (int i = 0; i < kLayoutConfigGroups; ++i)
        unpackLayoutGroup(groups[i], out + i * kGroupSize);
}

uint32_t PackedLayoutConfigs::code(int64_t config, int64_t node) const {
    const uint8_t* at = row(config) + node * codeBytes_;
    switch (codeBytes_) {
        case 1:
            return *at;
        case 2: {
            uint16_t value;
            std::memcpy(&value, at, sizeof value);
            return value;
        }
        default: {
            uint32_t value;
            std::memcpy(&value, at, sizeof value);
            return value;
        }
    }
}

std::vector<float> PackedLayoutConfigs::unpackConfig(int64_t config) const {
    std::vector<float> out(static_cast<size_t>(nodes_ * kLayoutConfigFeatureCount));
    for (int64_t n = 0; n < nodes_; ++n)
        unpack(config, n, out.data() + n * kLayoutConfigFeatureCount);
    return out;
}

std::vector<float> PackedLayoutConfigs::toFloats() const {
    constexpr int64_t kFloats = kLayoutConfigFeatureCount;
    // Each node's few distinct layouts are decoded once; a cell is then a copy of its layout's
    // floats (a tenth of the time of decoding every cell's base-7 digits).
    std::vector<std::vector<float>> decoded(tables_.size());
    for (size_t n = 0; n < tables_.size(); ++n) {
        decoded[n].resize(tables_[n].size() * kFloats);
        for (size_t k = 0; k < tables_[n].size(); ++k)
            tables_[n][k].unpack(decoded[n].data() + k * kFloats);
    }
    std::vector<float> out(static_cast<size_t>(configs_ * nodes_ * kFloats));
    float* cell = out.data();
    for (int64_t c = 0; c < configs_; ++c)
        for (int64_t n = 0; n < nodes_; ++n, cell += kFloats)
            std::memcpy(cell, decoded[n].data() + code(c, n) * kFloats, kFloats * sizeof(float));
    return out;
}

size_t PackedLayoutConfigs::memoryBytes() const {
    size_t bytes = codes_.capacity() + tables_.capacity() * sizeof(tables_[0]);
    for (const auto& table : tables_) bytes += table.capacity() * sizeof(NodeLayout);
    return bytes;
}

PackedLayoutConfigs PackedLayoutConfigs::fromParts(int64_t configs, int64_t nodes, int codeBytes,
                                                   std::vector<uint8_t> codes,
                                                   std::vector<std::vector<NodeLayout>> tables) {
    const auto fail = [](const std::string& problem) {
        throw std::invalid_argument("layout configs: " + problem);
    };
    if (configs < 0 || nodes < 0 || (codeBytes != 1 && codeBytes != 2 && codeBytes != 4))
        fail("bad shape or code width");
    if (tables.size() != static_cast<size_t>(nodes)) fail("one table per node expected");
    if (codes.size() != static_cast<size_t>(configs * nodes * codeBytes))
        fail(std::to_string(codes.size()) + " bytes of codes for " + std::to_string(configs) +
             " x " + std::to_string(nodes) + " cells");
    std::vector<uint32_t> limits(static_cast<size_t>(nodes));
    for (size_t n = 0; n < tables.size(); ++n) {
        limits[n] = static_cast<uint32_t>(tables[n].size());
        for (const NodeLayout& layout : tables[n])
            for (uint32_t group : layout.groups)
                if (group >= kLayoutGroupCodes) fail("a packed group is out of range");
    }
    PackedLayoutConfigs out;
    out.configs_ = configs;
    out.nodes_ = nodes;
    out.codeBytes_ = codeBytes;
    out.codes_ = std::move(codes);
    out.tables_ = std::move(tables);
    const bool inside = codeBytes == 1   ? codesInside<uint8_t>(out.codes_, limits)
                        : codeBytes == 2 ? codesInside<uint16_t>(out.codes_, limits)
                                         : codesInside<uint32_t>(out.codes_, limits);
    if (!inside) fail("a code is outside its node's table");
    return out;
}

bool PackedLayoutConfigs::operator==(const PackedLayoutConfigs& other) const {
    return configs_ == other.configs_ && nodes_ == other.nodes_ && codeBytes_ == other.codeBytes_ &&
           codes_ == other.codes_ && tables_ == other.tables_;
}

PackedLayoutConfigs PackedLayoutConfigs::fromFloats(const float* values, int64_t configs,
                                                    int64_t nodes) {
    PackedLayoutConfigsBuilder builder(nodes, configs);
    for (int64_t cell = 0; cell < configs * nodes; ++cell)
        builder.appendFloats(values + cell * kLayoutConfigFeatureCount);
    return builder.finish();
}

PackedLayoutConfigsBuilder::PackedLayoutConfigsBuilder(int64_t nodes, int64_t expectedConfigs)
    : nodes_(nodes),
      configs_(nodes == 0 ? expectedConfigs : 0),
      nextNode_(0),
      tables_(static_cast<size_t>(nodes)),
      index_(static_cast<size_t>(nodes)) {
    if (expectedConfigs > 0) codes_.reserve(static_cast<size_t>(expectedConfigs * nodes));
}

uint32_t PackedLayoutConfigsBuilder::codeOf(int64_t node, const NodeLayout& layout) {
    NodeIndex& index = index_[static_cast<size_t>(node)];
    if (index.lastCode != kNoCode && index.last == layout) return index.lastCode;
    std::vector<NodeLayout>& table = tables_[static_cast<size_t>(node)];
    if (2 * (table.size() + 1) > index.slots.size()) {  // grow: rehash the table's layouts
        index.slots.assign(std::max<size_t>(8, 2 * index.slots.size()), Slot{});
        const size_t mask = index.slots.size() - 1;
        for (size_t code = 0; code < table.size(); ++code) {
            size_t i = hashLayout(table[code]) & mask;
            while (index.slots[i].code != kNoCode) i = (i + 1) & mask;
            index.slots[i] = Slot{table[code], static_cast<uint32_t>(code)};
        }
    }
    const size_t mask = index.slots.size() - 1;
    size_t i = hashLayout(layout) & mask;
    while (index.slots[i].code != kNoCode && !(index.slots[i].layout == layout)) i = (i + 1) & mask;
    if (index.slots[i].code == kNoCode) {
        index.slots[i] = Slot{layout, static_cast<uint32_t>(table.size())};
        table.push_back(layout);
    }
    index.last = layout;
    index.lastCode = index.slots[i].code;
    return index.lastCode;
}

void PackedLayoutConfigsBuilder::append(const NodeLayout& layout) {
    codes_.push_back(codeOf(nextNode_, layout));
    if (++nextNode_ == nodes_) {
        nextNode_ = 0;
        ++configs_;
    }
}

void PackedLayoutConfigsBuilder::appendConfig(const uint32_t* groups) {
    for (int64_t n = 0; n < nodes_; ++n) {
        NodeLayout layout;
        for (int i = 0; i < kLayoutConfigGroups; ++i)
            layout.groups[i] = groups[n * kLayoutConfigGroups + i];
        append(layout);
    }
}

void PackedLayoutConfigsBuilder::appendFloats(const float* eighteen) {
    NodeLayout layout;
    for (int i = 0; i < kLayoutConfigGroups; ++i)
        layout.groups[i] = packLayoutGroup(eighteen + i * kGroupSize);
    append(layout);
}

PackedLayoutConfigs PackedLayoutConfigsBuilder::finish() {
    PackedLayoutConfigs out;
    out.nodes_ = nodes_;
    if (nodes_ > 0 && codes_.size() % static_cast<size_t>(nodes_) != 0)
        throw std::logic_error("layout configs: " + std::to_string(codes_.size()) +
                               " cells is not a whole number of configs of " +
                               std::to_string(nodes_) + " nodes");
    out.configs_ = configs_;
    configs_ = 0;
    size_t largest = 0;
    for (const auto& table : tables_) largest = std::max(largest, table.size());
    out.codeBytes_ = codeBytesFor(largest);
    out.codes_.resize(codes_.size() * static_cast<size_t>(out.codeBytes_));
    for (size_t i = 0; i < codes_.size(); ++i) {
        const uint32_t code = codes_[i];
        uint8_t* at = out.codes_.data() + i * static_cast<size_t>(out.codeBytes_);
        if (out.codeBytes_ == 1) {
            *at = static_cast<uint8_t>(code);
        } else if (out.codeBytes_ == 2) {
            const uint16_t narrow = static_cast<uint16_t>(code);
            std::memcpy(at, &narrow, sizeof narrow);
        } else {
            std::memcpy(at, &code, sizeof code);
        }
    }
    for (auto& table : tables_) table.shrink_to_fit();
    out.tables_ = std::move(tables_);
    codes_ = {};
    tables_.assign(static_cast<size_t>(nodes_), {});
    index_.assign(static_cast<size_t>(nodes_), {});
    nextNode_ = 0;
    return out;
}

}  // namespace tpugraphs
