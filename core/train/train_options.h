// Plain options of a training run (no torch): model, loss, optimiser, schedule, data handling.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "data/collection.h"
#include "data/graph_io.h"

namespace tpugraphs {

enum class ModelType {
    TileMlp,            // MLP on config features + pooled node features (baseline)
    TileLateJoinSage,   // SAGE graph embedding once per graph, joined with each config (seed)
    TileEarlyJoinSage,  // config features joined to every node before message passing
    LayoutSage          // SAGE on the (pruned) layout graph, per-node configs joined early
};
enum class LossType { Mse, PairwiseHinge, ListMle, MarginRanking };
enum class OptimizerType { AdamW, Adam };
enum class ScheduleType { Constant, Cosine, OneCycle };  // cosine and one-cycle warm up first
enum class LayoutReadout { NodeScoreSum, Pooled };       // per-node scores summed, or pool + MLP
// Cross-config attention with w = softmax over the config axis of (t * x): Context merges each
// state with the weighted mean sum_k w x of its node; FirstPlace (the 1st-place solution's form)
// merges it with its own product w x.
enum class AttentionForm { Context, FirstPlace };

// Names as used on the command line and in options.json: "tile-mlp", "late-join-sage",
// "early-join-sage", "layout-sage"; "mse", "pairwise-hinge", "list-mle", "margin-ranking";
// "adamw", "adam"; "constant", "cosine", "one-cycle"; "node-sum", "pooled"; "context",
// "first-place".
const char* modelTypeName(ModelType type);
const char* lossTypeName(LossType type);
const char* optimizerTypeName(OptimizerType type);
const char* scheduleTypeName(ScheduleType type);
const char* layoutReadoutName(LayoutReadout readout);
const char* attentionFormName(AttentionForm form);
bool parseModelType(const std::string& text, ModelType* type);
bool parseLossType(const std::string& text, LossType* type);
bool parseOptimizerType(const std::string& text, OptimizerType* type);
bool parseScheduleType(const std::string& text, ScheduleType* type);
bool parseLayoutReadout(const std::string& text, LayoutReadout* readout);
bool parseAttentionForm(const std::string& text, AttentionForm* form);

// Which graphs a model type reads.
GraphKind modelGraphKind(ModelType type);
// The model types usable on a collection kind (for combo boxes), best first.
std::vector<ModelType> modelTypesFor(GraphKind kind);
// The recommended model for a collection kind: TileLateJoinSage or LayoutSage.
ModelType defaultModelFor(GraphKind kind);

// The default step memory budget in MiB (docs/TRAINING.md#memory-budget-per-step).
constexpr int kDefaultMaxStepMb = 2048;

struct TrainOptions {
    // What to train on.
    std::string datasetRoot;                      // dataset root (official layout)
    Collection collection = Collection::TileXla;  // options.json: its name, e.g. "tile:xla"
    std::vector<std::string> onlyGraphs;  // restrict train (and valid) graphs to these stems
    // Splits trained on: {"train"}, or {"train", "valid"} to refit a final model on both
    // (nothing is left to validate on then, unless holdoutConfigs is set).
    std::vector<std::string> trainSplits{"train"};
    // > 0: validate on this fraction of each train graph's (distinct) configs, held out from
    // training by a seeded split, instead of on the valid split. Needs collapseDuplicates
    // (identical configs would otherwise land on both sides of the split).
    double holdoutConfigs = 0.0;
    int maxValidGraphs = 0;  // 0 = every valid graph
    // > 0: periodic validations score a fixed seeded subset of at most this many configs per
    // graph (the random collections hold up to ~100k); the final validation scores them all.
    int validConfigs = 0;

    // Model.
    ModelType model = ModelType::TileLateJoinSage;
    int hiddenDim = 64;
    int layers = 3;             // message-passing layers
    int opcodeEmbedding = 32;   // opcode embedding width
    double dropout = -1;        // < 0: the model's default (dropoutOf)
    bool bidirectional = true;  // aggregate over consumers and producers (else producers only)
    bool selfChannelAttention = true;  // layout blocks: squeeze-excitation over channels
    bool crossConfigAttention = true;  // layout blocks: softmax over the config axis
    LayoutReadout readout = LayoutReadout::NodeScoreSum;
    AttentionForm attentionForm = AttentionForm::Context;  // runs without the field: Context

    // Loss and optimisation.
    LossType loss = LossType::PairwiseHinge;
    double margin = 0.1;  // hinge / margin-ranking margin
    OptimizerType optimizer = OptimizerType::AdamW;
    ScheduleType schedule = ScheduleType::Cosine;
    double learningRate = 1e-3;
    double weightDecay = 1e-4;
    double warmupFraction = 0.05;  // of the total steps
    double gradClip = 1.0;         // max gradient norm; <= 0 = off
    // false (the usual AdamW practice): no weight decay on biases, LayerNorm weights, embeddings
    // and other 1-D parameters; true: on every parameter (runs before this option existed).
    bool decayAllParameters = false;

    // Length, batching, validation.
    int64_t steps = 0;           // total optimiser steps; 0 = epochs x batches per epoch
    int epochs = 10;             // one epoch = every train graph once
    int batchGraphs = 4;         // graphs per step (block-diagonal batch)
    int configsPerGraph = 0;     // 0 = collection default: tile 64, layout default 64, random 128
    int validationInterval = 0;  // steps between validations; 0 = once per epoch
    int earlyStoppingPatience = 0;  // validations without improvement before stopping; 0 = off
    int logInterval = 10;           // steps between progress reports / history rows

    // Memory budget of one step in MiB (0 = none): the step's graphs are split into
    // micro-batches whose estimated forward/backward memory fits it, gradients accumulated to
    // the whole batch's; a graph that does not fit alone trains on fewer configs (at least 2).
    int maxStepMb = kDefaultMaxStepMb;
    // > 0: Graph Segment Training for layout graphs of more pruned nodes than this: a step
    // backpropagates through one segment of at most this many nodes and adds the other
    // segments' last scores (graph_segments.h); predictions sum the segments' scores. Needs
    // the node-score-sum readout. 0 = every graph trains whole.
    int64_t segmentNodes = 0;

    // Data handling.
    bool collapseDuplicates = true;  // identical configs collapsed to their minimum runtime
    bool pruneLayout = true;         // layout: configurable nodes + their direct neighbours
    // layout_minor_to_major padding written as -1 (not 0, which is also dimension 0) before
    // normalisation; false for runs made before this option existed.
    bool markLayoutPadding = true;
    // tile: config features relative to the output's shape appended (tiles per dim, padding
    // and vector-register waste); false for runs made before this option existed.
    bool tileRelativeFeatures = true;

    // Run.
    uint64_t seed = 0;
    std::string device = "cpu";  // "cpu" or "cuda" (needs a CUDA build of LibTorch)
    std::string runDir;          // where checkpoints, options and history are written
    bool resume = false;         // continue the checkpoint in runDir (see train())
};

// Configs sampled per graph and step when configsPerGraph is 0.
int defaultConfigsPerGraph(Collection collection);
// The configs per graph and step of a run: configsPerGraph, or the collection's default.
int64_t configsPerStep(const TrainOptions& options);
// The dropout a run trains with: options.dropout, or the model's default when it is negative:
// 0.1 for layout-sage (held-out demo Kendall tau 0.73 -> 0.88 over 3 seeds, docs/TRAINING.md),
// 0 for the tile models.
double dropoutOf(const TrainOptions& options);

// Throws std::invalid_argument naming the first option combination that cannot work (a
// negative size, a holdout with duplicates kept, an unknown train split, ...).
void checkTrainOptions(const TrainOptions& options);

// options.json text and back. Throws std::runtime_error naming `source` on bad JSON or values.
std::string trainOptionsToJson(const TrainOptions& options);
TrainOptions trainOptionsFromJson(const std::string& json, const std::string& source);

}  // namespace tpugraphs
