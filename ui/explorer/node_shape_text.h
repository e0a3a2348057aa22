// A node's output shape as HLO writes it ("f32[128,64]"), read from its named node features.
#pragma once

#include <QString>

#include <cstdint>

namespace tpugraphs {
struct LoadedGraph;
}

namespace tpugraphs::ui {

// Empty when the node is out of range.
QString nodeShapeText(const LoadedGraph& graph, int64_t node);

}  // namespace tpugraphs::ui
