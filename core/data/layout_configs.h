// Layout config features held compressed, in two steps: each group of 6 values in -1..5 is one
// base-7 integer (3 groups per configurable node: output, input, kernel layout), and each node
// keeps a table of the distinct layouts it takes, so a (config, node) cell is a 1-, 2- or 4-byte
// index into its node's table. Real and generated nodes take few distinct layouts, so a cell
// costs ~1 byte instead of 72 (18 floats) or 12 (3 groups).
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
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
    struct LayoutKey {
        int64_t node;
        NodeLayout layout;
        bool operator==(const LayoutKey& other) const;
    };
    struct LayoutKeyHash {
        size_t operator()(const LayoutKey& key) const;
    };
    int64_t nodes_;
    int64_t configs_;  // whole configs appended
    std::vector<uint32_t> codes_;
    std::vector<std::vector<NodeLayout>> tables_;
    std::unordered_map<LayoutKey, uint32_t, LayoutKeyHash> index_;
};

}  // namespace tpugraphs
