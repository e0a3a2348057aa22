// Layout config features held compressed, in two steps: each group of 6 values in -1..5 is one
// base-7 integer (3 groups per configurable node: output, input, kernel layout), and each node
// keeps a table of the distinct layouts it takes, so a (config, node) cell is a 1-, 2- or 4-byte
// index into its node's table. Real and generated nodes take few distinct layouts, so a cell
// costs ~1 byte instead of 72 (18 floats) or 12 (3 groups).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "data/tpugraphs_format.h"

namespace tpugraphs {

constexpr int kLayoutConfigGroups = 3;          // 18 values = 3 groups of 6 base-7 digits
constexpr uint32_t kLayoutGroupCodes = 117649;  // 7^6: the valid group values are 0..7^6-1

// Packs 6 values in -1..5 (digits value+1, first value most significant) into one integer.
uint32_t packLayoutGroup(const float* six);
// Unpacks one integer into 6 floats in -1..5 (exact inverse of packLayoutGroup).
void unpackLayoutGroup(uint32_t packed, float* six);

// One configurable node's layout in one config: its 3 packed groups.
struct NodeLayout {
    uint32_t groups[kLayoutConfigGroups] = {0, 0, 0};
    bool operator==(const NodeLayout& other) const;
    // The 18 floats in -1..5.
    void unpack(float* out) const;
};

// C configs x nc configurable nodes (what node_config_feat.npy holds as C x nc x 18 floats).
// Immutable once built (PackedLayoutConfigsBuilder, fromFloats).
class PackedLayoutConfigs {
public:
    int64_t configCount() const { return configs_; }
    int64_t nodeCount() const { return nodes_; }
    // Index of (config, node)'s layout in node's table.
    uint32_t code(int64_t config, int64_t node) const;
    const NodeLayout& layout(int64_t config, int64_t node) const {
        return tables_[static_cast<size_t>(node)][code(config, node)];
    }
    // The distinct layouts a node takes, indexed by code().
    const std::vector<NodeLayout>& distinctLayouts(int64_t node) const {
        return tables_[static_cast<size_t>(node)];
    }
    // Writes the 18 floats of (config, node) to out[0..17].
    void unpack(int64_t config, int64_t node, float* out) const {
        layout(config, node).unpack(out);
    }
    // The whole float view of one config: nc x 18 floats.
    std::vector<float> unpackConfig(int64_t config) const;
    // The whole float view, C x nc x 18.
    std::vector<float> toFloats() const;
    // One config's stored row (nc codes): two configs are equal iff their rows are. Rows are
    // contiguous: row(c + 1) == row(c) + rowBytes().
    const uint8_t* row(int64_t config) const { return codes_.data() + config * rowBytes(); }
    size_t rowBytes() const {
        return static_cast<size_t>(nodes_) * static_cast<size_t>(codeBytes_);
    }
    int codeBytes() const { return codeBytes_; }
    // Bytes held (codes and tables).
    size_t memoryBytes() const;
    // Same configs in the same order (built from the same values, codes are assigned alike).
    bool operator==(const PackedLayoutConfigs& other) const;
    bool operator!=(const PackedLayoutConfigs& other) const { return !(*this == other); }

    // Builds from the float view (C x nc x 18); values must be integers in -1..5.
    static PackedLayoutConfigs fromFloats(const float* values, int64_t configs, int64_t nodes);
    // Rebuilds stored configs from their parts: the rows of codes (configs x nodes codes of
    // codeBytes each, as row() lays them out) and each node's table (distinctLayouts()).
    // Throws std::invalid_argument unless they fit together: sizes, every code inside its
    // node's table, every group a valid base-7 value.
    static PackedLayoutConfigs fromParts(int64_t configs, int64_t nodes, int codeBytes,
                                         std::vector<uint8_t> codes,
                                         std::vector<std::vector<NodeLayout>> tables);

private:
    friend class PackedLayoutConfigsBuilder;
    int64_t configs_ = 0;
    int64_t nodes_ = 0;
    int codeBytes_ = 1;
    std::vector<uint8_t> codes_;                   // configs x nodes codes of codeBytes_ each
    std::vector<std::vector<NodeLayout>> tables_;  // per node: its distinct layouts
};

// Builds PackedLayoutConfigs cell by cell in row-major order (config by config, node by node),
// e.g. while a large node_config_feat is inflated in pieces.
class PackedLayoutConfigsBuilder {
public:
    // expectedConfigs reserves memory; with no configurable nodes it is the config count.
    explicit PackedLayoutConfigsBuilder(int64_t nodes, int64_t expectedConfigs = 0);
    void append(const NodeLayout& layout);
    // Appends one whole config: nodes x 3 groups.
    void appendConfig(const uint32_t* groups);
    // Appends the layout of 18 floats in -1..5.
    void appendFloats(const float* eighteen);
    int64_t cells() const { return static_cast<int64_t>(codes_.size()); }
    // The result; throws std::logic_error unless a whole number of configs was appended.
    PackedLayoutConfigs finish();

private:
    static constexpr uint32_t kNoCode = UINT32_MAX;
    struct Slot {
        NodeLayout layout;
        uint32_t code = kNoCode;  // kNoCode: empty
    };
    // Per node: its table's codes by layout (open addressing, at most half full), and the
    // layout it took in the previous config (nodes often keep theirs from one config to the
    // next, which skips the probe).
    struct NodeIndex {
        std::vector<Slot> slots;
        NodeLayout last;
        uint32_t lastCode = kNoCode;
    };
    uint32_t codeOf(int64_t node, const NodeLayout& layout);

    int64_t nodes_;
    int64_t configs_;   // whole configs appended
    int64_t nextNode_;  // node of the next cell
    std::vector<uint32_t> codes_;
    std::vector<std::vector<NodeLayout>> tables_;
    std::vector<NodeIndex> index_;
};

}  // namespace tpugraphs
