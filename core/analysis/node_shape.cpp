// A node's output shape from its shape_element_type_is_* and shape_dimensions_* features.
#include "analysis/node_shape.h"

#include <cstdio>

#include "analysis/loaded_graph.h"
#include "data/feature_names.h"
#include "data/tpugraphs_format.h"

namespace tpugraphs {

std::string nodeShapeText(const LoadedGraph& graph, int64_t node) {
    const std::vector<float>& features = graph.nodeFeat();
    if (node < 0 || size_t(node + 1) * kNodeFeatureCount > features.size()) return {};
    const float* f = features.data() + node * kNodeFeatureCount;
    static const std::string typePrefix = "shape_element_type_is_";
    std::string type;
    for (int i = 0; i < kNodeFeatureCount && type.empty(); ++i) {
        const std::string_view name = nodeFeatureName(i);
        if (f[i] != 0.0f && name.substr(0, typePrefix.size()) == typePrefix)
            type = std::string(name.substr(typePrefix.size()));
    }
    std::string dims;
    for (int d = 0; d < 6; ++d) {
        const int i = findNodeFeature("shape_dimensions_" + std::to_string(d));
        if (i < 0 || f[i] <= 0.0f) break;
        char text[32];
        std::snprintf(text, sizeof text, "%.10g", double(f[i]));
        dims += (d ? "," : "") + std::string(text);
    }
    return (type.empty() ? "?" : type) + "[" + dims + "]";
}

}  // namespace tpugraphs
