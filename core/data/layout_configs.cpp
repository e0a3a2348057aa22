// Base-7 packing of layout config features (6 values in -1..5 per integer).
#include "data/layout_configs.h"

#include <cmath>

namespace tpugraphs {

namespace {
constexpr int kGroupSize = 6;
}

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

PackedLayoutConfigs PackedLayoutConfigs::fromFloats(const float* values, int64_t configs,
                                                    int64_t nodes) {
    PackedLayoutConfigs packed;
    packed.configs = configs;
    packed.nodes = nodes;
    const int64_t groupCount = configs * nodes * kLayoutConfigGroups;
    packed.groups.resize(static_cast<size_t>(groupCount));
    for (int64_t g = 0; g < groupCount; ++g) packed.groups[g] = packLayoutGroup(values + g * kGroupSize);
    return packed;
}

void PackedLayoutConfigs::unpack(int64_t config, int64_t node, float* out) const {
    const uint32_t* g = groups.data() + (config * nodes + node) * kLayoutConfigGroups;
    for (int i = 0; i < kLayoutConfigGroups; ++i) unpackLayoutGroup(g[i], out + i * kGroupSize);
}

std::vector<float> PackedLayoutConfigs::unpackConfig(int64_t config) const {
    std::vector<float> out(static_cast<size_t>(nodes * kLayoutConfigFeatureCount));
    for (int64_t n = 0; n < nodes; ++n) unpack(config, n, out.data() + n * kLayoutConfigFeatureCount);
    return out;
}

std::vector<float> PackedLayoutConfigs::toFloats() const {
    std::vector<float> out(groups.size() * kGroupSize);
    for (size_t g = 0; g < groups.size(); ++g) unpackLayoutGroup(groups[g], out.data() + g * kGroupSize);
    return out;
}

}  // namespace tpugraphs
