// Facts of the TpuGraphs file format: feature and opcode counts, and the two kinds of graph.
#pragma once

namespace tpugraphs {

// node_feat columns (../shared/reference/node_features.tsv).
constexpr int kNodeFeatureCount = 140;
// config_feat columns of a tile file: kernel, output and input bounds.
constexpr int kTileConfigFeatureCount = 24;
// node_config_feat values per configurable node: output_layout_0..5, input_layout_0..5,
// kernel_layout_0..5.
constexpr int kLayoutConfigFeatureCount = 18;
// node_opcode ids are 1..kOpcodeMaxId (../shared/reference/opcodes.tsv); a table indexed by
// opcode id needs kOpcodeIdCount rows (0 is unused).
constexpr int kOpcodeMaxId = 120;
constexpr int kOpcodeIdCount = kOpcodeMaxId + 1;

// Tile files hold one fused kernel with tile-size configs; layout files a whole program with
// per-node layout configs.
enum class GraphKind { Tile, Layout };
const char* graphKindName(GraphKind kind);  // "tile", "layout"

}  // namespace tpugraphs
