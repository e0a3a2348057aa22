// Layout config features held compressed: each group of 6 values in -1..5 is one base-7 integer.
#pragma once

#include <cstdint>
#include <vector>

#include "data/tpugraphs_format.h"

namespace tpugraphs {

constexpr int kLayoutConfigGroups = 3;  // 18 values = 3 groups of 6 base-7 digits

// Packs 6 values in -1..5 (digits value+1, first value most significant) into one integer.
uint32_t packLayoutGroup(const float* six);
// Unpacks one integer into 6 floats in -1..5 (exact inverse of packLayoutGroup).
void unpackLayoutGroup(uint32_t packed, float* six);

// C configs x nc configurable nodes x 3 packed groups (6x smaller than the 18-float view).
struct PackedLayoutConfigs {
    int64_t configs = 0;
    int64_t nodes = 0;             // nc, the number of configurable nodes
    std::vector<uint32_t> groups;  // configs * nodes * 3, row-major

    // Builds from the float view (C x nc x 18); values must be integers in -1..5.
    static PackedLayoutConfigs fromFloats(const float* values, int64_t configs, int64_t nodes);
    // Writes the 18 floats of (config, node) to out[0..17].
    void unpack(int64_t config, int64_t node, float* out) const;
    // The whole float view of one config: nc x 18 floats.
    std::vector<float> unpackConfig(int64_t config) const;
    // The whole float view, C x nc x 18 (what node_config_feat.npy holds).
    std::vector<float> toFloats() const;
    const uint32_t* config(int64_t c) const {
        return groups.data() + c * nodes * kLayoutConfigGroups;
    }
};

}  // namespace tpugraphs
