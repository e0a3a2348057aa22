// The configuration of a cost model (no torch): its type and sizes, and the block parts it uses.
#pragma once

#include <cstdint>

#include "data/tpugraphs_format.h"
#include "model/model_kinds.h"

namespace tpugraphs {

// Shared size options of the cost models (each model reads the fields it needs).
struct CostModelOptions {
    ModelType type = ModelType::TileLateJoinSage;
    int64_t nodeFeatures = 0;    // width of the normalised node features
    int64_t configFeatures = 0;  // tile: width of the normalised config features
    // opcode ids 0..120 (data/tpugraphs_format.h)
    int64_t opcodes = kOpcodeIdCount;
    int64_t opcodeEmbedding = 32;
    int64_t hidden = 64;
    int64_t layers = 3;
    double dropout = 0.0;
    bool bidirectional = true;
    bool selfChannelAttention = true;
    bool crossConfigAttention = true;
    LayoutReadout readout = LayoutReadout::NodeScoreSum;
    AttentionForm attentionForm = AttentionForm::Context;
};

}  // namespace tpugraphs
