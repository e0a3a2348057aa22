// Per-node sensitivity of a layout graph's runtime to its configurable nodes.
#include "analysis/config_sensitivity.h"

#include <algorithm>

namespace tpugraphs {

std::vector<NodeSensitivity> layoutSensitivity(const LayoutGraph& graph,
                                               const std::vector<double>& value, int minGroup) {
    const PackedLayoutConfigs& configs = graph.configs;
    const int64_t count =
        std::min<int64_t>(configs.configCount(), static_cast<int64_t>(value.size()));
    std::vector<NodeSensitivity> out;
    out.reserve(static_cast<size_t>(configs.nodeCount()));
    struct Group {
        double sum = 0;
        int count = 0;
    };
    std::vector<Group> groups;  // by the node's layout code
    for (int64_t k = 0; k < configs.nodeCount(); ++k) {
        groups.assign(configs.distinctLayouts(k).size(), Group{});
        for (int64_t c = 0; c < count; ++c) {
            Group& group = groups[configs.code(c, k)];
            group.sum += value[static_cast<size_t>(c)];
            ++group.count;
        }
        NodeSensitivity s;
        s.node = k < static_cast<int64_t>(graph.nodeConfigIds.size())
                     ? graph.nodeConfigIds[static_cast<size_t>(k)]
                     : k;
        s.values = static_cast<int>(std::count_if(groups.begin(), groups.end(),
                                                  [](const Group& g) { return g.count > 0; }));
        double lo = 0, hi = 0;
        bool any = false;
        for (const Group& group : groups) {
            if (group.count == 0 || group.count < minGroup) continue;
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
