// Names of the node features (140), tile config features (24) and layout config features (18).
#pragma once

#include <string_view>

#include "data/layout_configs.h"
#include "data/tile_graph.h"

namespace tpugraphs {

// The name of feature `index` (e.g. "shape_dimensions_0"); empty when index is out of range.
std::string_view nodeFeatureName(int index);
std::string_view tileConfigFeatureName(int index);
std::string_view layoutConfigFeatureName(int index);

// The index of a feature by its exact name; -1 when unknown.
int findNodeFeature(std::string_view name);
int findTileConfigFeature(std::string_view name);

}  // namespace tpugraphs
