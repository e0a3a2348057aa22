// Per-node sensitivity of a layout graph's runtime to its configurable nodes.
#include "analysis/config_sensitivity.h"

#include <algorithm>
#include <unordered_map>

namespace tpugraphs {

std::vector<NodeSensitivity> layoutSensitivity(const LayoutGraph& graph,
                                               const std::vector<double>& value, int minGroup) {
    const PackedLayoutConfigs& configs = graph.configs;
    const int64_t count = std::min<int64_t>(configs.configs, static_cast<int64_t>(value.size()));
    std::vector<NodeSensitivity> out;
    out.reserve(static_cast<size_t>(configs.nodes));
    struct Group {
        double sum = 0;
        int count = 0;
    };
    std::unordered_map<uint64_t, Group> groups;
    for (int64_t k = 0; k < configs.nodes; ++k) {
        groups.clear();
        for (int64_t c = 0; c < count; ++c) {
            const uint32_t* g = configs.config(c) + k * kLayoutConfigGroups;
            // Each packed group is < 7^6 < 2^17, so three fit in 51 bits.
            const uint64_t key = (uint64_t(g[0]) << 34) | (uint64_t(g[1]) << 17) | uint64_t(g[2]);
            Group& group = groups[key];
            group.sum += value[static_cast<size_t>(c)];
            ++group.count;
        }
        NodeSensitivity s;
        s.node = k < static_cast<int64_t>(graph.nodeConfigIds.size())
                     ? graph.nodeConfigIds[static_cast<size_t>(k)]
                     : k;
        s.values = static_cast<int>(groups.size());
        double lo = 0, hi = 0;
        bool any = false;
        for (const auto& [key, group] : groups) {
            if (group.count < minGroup) continue;
            const double mean = group.sum / group.count;
            lo = any ? std::min(lo, mean) : mean;
            hi = any ? std::max(hi, mean) : mean;
            any = true;
        }
        s.logSpread = any ? hi - lo : 0.0;
        out.push_back(s);
    }
    return out;
}

}  // namespace tpugraphs
