// The configuration of a cost model (no torch): its type and sizes, and the block parts it uses.
#pragma once

#include <cstdint>

#include "data/tpugraphs_format.h"
#include "model/model_kinds.h"

namespace tpugraphs {

// Shared size options of the cost models (each model reads the fields it needs). No training
// defaults of their own (`{}`): a run's come from the option table through costModelOptions
// (train/component_options.h), the feature widths from its prepared data.
struct CostModelOptions {
    ModelType type{};
    int64_t nodeFeatures{};    // width of the normalised node features
    int64_t configFeatures{};  // tile: width of the normalised config features
    // opcode ids 0..120 (data/tpugraphs_format.h)
    int64_t opcodes = kOpcodeIdCount;
    int64_t opcodeEmbedding{};
    int64_t hidden{};
    int64_t layers{};
    double dropout{};
    bool bidirectional{};
    bool selfChannelAttention{};
    bool crossConfigAttention{};
    LayoutReadout readout{};
    AttentionForm attentionForm{};
};

}  // namespace tpugraphs
