// A node's output shape as HLO writes it ("f32[128,64]"), read from its named node features.
#pragma once

#include <cstdint>
#include <string>

namespace tpugraphs {

struct LoadedGraph;

// Empty when the node is out of range.
std::string nodeShapeText(const LoadedGraph& graph, int64_t node);

}  // namespace tpugraphs
