// Builds one synthetic whole XLA program (a layout graph): transformer-like (nlp) or conv-net
// (xla).
#pragma once

#include <cstdint>

#include "synth/synthetic_hlo_graph.h"

namespace tpugraphs {

class GeneratorRandom;

enum class ProgramFamily { Nlp, Xla };

// About `targetNodes` instructions (>= 40) in several computations (node_splits): scalar reducer
// computations, then the main program built from repeated blocks, each computation ending in a
// tuple root. nlp: embedding, layer norms, attention and MLP dots, reshapes, all-reduces;
// xla: convolutions with batch norm, pooling and a dense head, plus some RNN-style dot blocks.
SyntheticHloGraph buildLayoutProgram(GeneratorRandom& random, int64_t targetNodes,
                                     ProgramFamily family);

// Node ids whose layouts a config sets: every convolution and dot, and 30 % of the reshapes
// (the real files: dot 83 %, reshape 12 %, convolution 5 % of the configurable nodes).
std::vector<int64_t> configurableNodes(const SyntheticHloGraph& graph, GeneratorRandom& random);

}  // namespace tpugraphs
