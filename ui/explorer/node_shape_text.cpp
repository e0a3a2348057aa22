// A node's output shape from its shape_element_type_is_* and shape_dimensions_* features.
#include "explorer/node_shape_text.h"

#include <QStringList>

#include <string>

#include "analysis/loaded_graph.h"
#include "data/feature_names.h"
#include "data/tpugraphs_format.h"

namespace tpugraphs::ui {

QString nodeShapeText(const LoadedGraph& graph, int64_t node) {
    const std::vector<float>& features = graph.nodeFeat();
    if (node < 0 || size_t(node + 1) * kNodeFeatureCount > features.size()) return {};
    const float* f = features.data() + node * kNodeFeatureCount;
    static const std::string typePrefix = "shape_element_type_is_";
    QString type;
    for (int i = 0; i < kNodeFeatureCount && type.isEmpty(); ++i) {
        const std::string_view name = nodeFeatureName(i);
        if (f[i] != 0.0f && name.substr(0, typePrefix.size()) == typePrefix)
            type = QString::fromUtf8(name.data() + typePrefix.size(),
                                     int(name.size() - typePrefix.size()));
    }
    QStringList dims;
    for (int d = 0; d < 6; ++d) {
        const int i = findNodeFeature("shape_dimensions_" + std::to_string(d));
        if (i < 0 || f[i] <= 0.0f) break;
        dims << QString::number(double(f[i]), 'g', 10);
    }
    return QStringLiteral("%1[%2]").arg(type.isEmpty() ? QStringLiteral("?") : type,
                                        dims.join(','));
}

}  // namespace tpugraphs::ui
