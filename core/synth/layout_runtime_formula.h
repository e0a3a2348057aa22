// Analytic runtime of a whole program under a layout configuration (the layout collections).
#pragma once

#include <cstdint>
#include <vector>

#include "synth/synthetic_hlo_graph.h"

namespace tpugraphs {

class GeneratorRandom;

// One configurable node's choice: indices into its output / input / kernel layout menus.
// Index 0 is "-1" (the compiler's default; six -1 values in node_config_feat).
struct LayoutChoice {
    uint8_t output = 0, input = 0, kernel = 0;
};

// The dimension a dot/convolution operand (or result) streams along, i.e. wants minor-most.
enum class StreamDim {
    // Demo: always the last one, so the compiler's row-major layouts are the best ones and a
    // config's values alone say whether it is good.
    Last,
    // Calibrated: the one that best fills the 128 vector lanes (ties: the larger, then the
    // later), so the best layouts differ from node to node with the shapes.
    LaneFilling
};

class LayoutRuntimeFormula {
public:
    // `configurable`: ids of the configurable nodes (convolution, dot, reshape), ascending.
    LayoutRuntimeFormula(const SyntheticHloGraph& graph, const std::vector<int64_t>& configurable,
                         GeneratorRandom& random, StreamDim stream = StreamDim::Last);

    int64_t configurableCount() const { return static_cast<int64_t>(m_nodes.size()); }
    // A random choice for node j; `explicitOnly` never picks the -1 default.
    LayoutChoice randomChoice(int64_t j, GeneratorRandom& random, bool explicitOnly = false) const;
    // The explicit choice that reproduces the compiler's layouts (same cost as all -1).
    LayoutChoice defaultChoice(int64_t j) const;
    // Writes node j's 3 packed base-7 groups (output, input, kernel) of node_config_feat.
    void pack(int64_t j, const LayoutChoice& choice, uint32_t* groups) const;
    // Noiseless runtime in nanoseconds of a whole config (one choice per configurable node).
    double cost(const LayoutChoice* choices) const;

private:
    // A tensor whose layout a config may set: one of the node's menus.
    struct Slot {
        std::vector<uint32_t> packed;    // menu: packed[0] = all -1, then explicit permutations
        std::vector<double> efficiency;  // compute-efficiency factor per menu entry (>= 1)
        uint32_t rowMajor = 0;           // packed row-major layout (rank-1, ..., 0)
        int64_t producer = -1;           // configurable index of the producing node, or -1
        uint32_t producerDefault = 0;    // packed default layout of the producer
        double copyNs = 0.0;             // cost of a transpose/copy of this tensor
        std::vector<std::pair<uint32_t, double>> known;  // efficiency of any reachable layout
        bool used = false;  // false: the node has no such operand (group stays -1)
    };
    struct Node {
        uint8_t opcode = 0;
        Slot output, input, kernel;
        double computeNs = 0.0;      // dot/convolution work at full efficiency
        bool hasPlainUsers = false;  // some user is not configurable (expects the default layout)
    };
    double efficiencyOf(const Slot& slot, uint32_t packed) const;
    uint32_t resolvedOutput(const LayoutChoice* choices, int64_t j) const;

    std::vector<Node> m_nodes;
    double m_base = 0.0;
};

}  // namespace tpugraphs
