// The kinds a cost model is built from (no torch): model type, ranking loss, layout readout and
// cross-config attention form, with their names as the command line and options.json write them.
#pragma once

#include <string>
#include <vector>

#include "data/graph_io.h"

namespace tpugraphs {

enum class ModelType {
    TileMlp,            // MLP on config features + pooled node features (baseline)
    TileLateJoinSage,   // SAGE graph embedding once per graph, joined with each config (seed)
    TileEarlyJoinSage,  // config features joined to every node before message passing
    LayoutSage          // SAGE on the (pruned) layout graph, per-node configs joined early
};
enum class LossType { Mse, PairwiseHinge, ListMle, MarginRanking };
enum class LayoutReadout { NodeScoreSum, Pooled };  // per-node scores summed, or pool + MLP
// Cross-config attention with w = softmax over the config axis of (t * x): Context merges each
// state with the weighted mean sum_k w x of its node; FirstPlace (the 1st-place solution's form)
// merges it with its own product w x.
enum class AttentionForm { Context, FirstPlace };

// Names: "tile-mlp", "late-join-sage", "early-join-sage", "layout-sage"; "mse",
// "pairwise-hinge", "list-mle", "margin-ranking"; "node-sum", "pooled"; "context",
// "first-place".
const char* modelTypeName(ModelType type);
const char* lossTypeName(LossType type);
const char* layoutReadoutName(LayoutReadout readout);
const char* attentionFormName(AttentionForm form);
bool parseModelType(const std::string& text, ModelType* type);
bool parseLossType(const std::string& text, LossType* type);
bool parseLayoutReadout(const std::string& text, LayoutReadout* readout);
bool parseAttentionForm(const std::string& text, AttentionForm* form);
// Every name of each kind, in declaration order.
std::vector<std::string> modelTypeNames();
std::vector<std::string> lossTypeNames();
std::vector<std::string> layoutReadoutNames();
std::vector<std::string> attentionFormNames();

// Which graphs a model type reads.
GraphKind modelGraphKind(ModelType type);
// The model types that read a graph kind, the recommended one first.
std::vector<ModelType> modelTypesFor(GraphKind kind);

}  // namespace tpugraphs
