// Shared helpers of the model tests: random prepared graphs and models with fixed weights.
#pragma once

#include <torch/types.h>
#include <torch/utils.h>

#include <random>
#include <string>

#include "model/cost_model.h"
#include "prepare/prepared_graph.h"
#include "train/component_options.h"

namespace tpugraphs::test {

// A random layout graph: `nodes` nodes with `features` feature columns, about 1.5 edges a node
// (some nodes without producers or consumers), `configurable` configurable nodes and `configs`
// random configs with random runtimes.
inline PreparedGraph randomLayoutGraph(int64_t nodes, int64_t configurable, int64_t configs,
                                       int features, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<float> normal;
    PreparedGraph g;
    g.name = "random" + std::to_string(seed);
    g.kind = GraphKind::Layout;
    g.nodes = nodes;
    g.featureColumns = features;
    for (int64_t i = 0; i < nodes * features; ++i) g.nodeFeat.push_back(normal(rng));
    for (int64_t i = 0; i < nodes; ++i) g.opcode.push_back(static_cast<int64_t>(rng() % 121));
    for (int64_t v = 1; v < nodes; ++v)
        for (int e = 0; e < 2; ++e)
            if (rng() % 4 != 0) {
                g.src.push_back(static_cast<int64_t>(rng() % v));
                g.dst.push_back(v);
            }
    for (int64_t j = 0; j < configurable; ++j) g.configNodeRows.push_back(j * nodes / configurable);
    std::vector<float> values;
    for (int64_t i = 0; i < configs * configurable * 18; ++i)
        values.push_back(static_cast<float>(static_cast<int>(rng() % 7) - 1));
    g.configs = PackedLayoutConfigs::fromFloats(values.data(), configs, configurable);
    for (int64_t c = 0; c < configs; ++c)
        g.runtime.push_back(1.0 + static_cast<double>(rng() % 1000));
    return g;
}

// The layout model's options (layout:xla:default's defaults) with small sizes.
inline CostModelOptions layoutModelOptions(int features) {
    CostModelOptions options =
        costModelOptions(defaultTrainOptions(Collection::LayoutXlaDefault), features, 0);
    options.opcodeEmbedding = 8;
    options.hidden = 16;
    options.layers = 2;
    return options;
}

// The layout model with small sizes and weights fixed by `seed`.
inline std::shared_ptr<CostModelImpl> layoutModel(int features, uint64_t seed,
                                                  AttentionForm form = AttentionForm::Context,
                                                  bool bidirectional = true,
                                                  bool channelAttention = true,
                                                  bool crossAttention = true) {
    CostModelOptions options = layoutModelOptions(features);
    options.bidirectional = bidirectional;
    options.selfChannelAttention = channelAttention;
    options.crossConfigAttention = crossAttention;
    options.attentionForm = form;
    torch::manual_seed(seed);
    return makeCostModel(options);
}

}  // namespace tpugraphs::test
