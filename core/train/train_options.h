// Plain options of a training run (no torch): data, model, loss, optimiser, schedule, length,
// validation, memory and run settings. Their names, kinds, ranges, help and per-collection
// defaults are one table (train/option_table.h), from which the CLI flags, options.json and the
// app's form are built; a default-constructed TrainOptions holds tile:xla's defaults.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "data/collection.h"
#include "data/dataset.h"
#include "model/model_kinds.h"

namespace tpugraphs {

enum class OptimizerType { AdamW, Adam };
enum class ScheduleType { Constant, Cosine, OneCycle };  // cosine and one-cycle warm up first

// Names as used on the command line and in options.json: "adamw", "adam"; "constant",
// "cosine", "one-cycle".
const char* optimizerTypeName(OptimizerType type);
const char* scheduleTypeName(ScheduleType type);
bool parseOptimizerType(const std::string& text, OptimizerType* type);
bool parseScheduleType(const std::string& text, ScheduleType* type);
std::vector<std::string> optimizerTypeNames();
std::vector<std::string> scheduleTypeNames();

// The default step memory budget in MiB (docs/TRAINING.md#memory-budget-per-step).
constexpr int kDefaultMaxStepMb = 2048;

// The members hold no defaults of their own (`{}`): the option table owns every default, and
// the constructor applies it.
struct TrainOptions {
    TrainOptions();  // tile:xla's defaults (defaultTrainOptions)

    // What to train on.
    std::string datasetRoot;              // dataset root (official layout)
    Collection collection{};              // options.json: its name, e.g. "tile:xla"
    std::vector<std::string> onlyGraphs;  // restrict train (and valid) graphs to these stems
    // Splits trained on: {Train}, or {Train, Valid} to refit a final model on both (nothing is
    // left to validate on then, unless holdoutConfigs is set).
    std::vector<Split> trainSplits;
    // > 0: validate on this fraction of each train graph's (distinct) configs, held out from
    // training by a seeded split, instead of on the valid split. Needs collapseDuplicates
    // (identical configs would otherwise land on both sides of the split).
    double holdoutConfigs{};
    int maxValidGraphs{};  // 0 = every valid graph
    // > 0: periodic validations score a fixed seeded subset of at most this many configs per
    // graph (the random collections hold up to ~100k); the final validation scores them all
    // unless fullFinalValidation is off (the submission pipeline scores its ensemble instead).
    int validConfigs{};
    bool fullFinalValidation{};
    // Off: no validation at all (the valid split is not even loaded); the run's result is its
    // last checkpoint, scored afterwards (the submission pipeline scores its ensemble).
    bool validate{};

    // Model.
    ModelType model{};
    int hiddenDim{};
    int layers{};           // message-passing layers
    int opcodeEmbedding{};  // opcode embedding width
    double dropout{};
    bool bidirectional{};         // aggregate over consumers and producers (else producers only)
    bool selfChannelAttention{};  // layout blocks: squeeze-excitation over channels
    bool crossConfigAttention{};  // layout blocks: softmax over the config axis
    LayoutReadout readout{};
    AttentionForm attentionForm{};

    // Loss and optimisation.
    LossType loss{};
    double margin{};  // hinge / margin-ranking margin
    OptimizerType optimizer{};
    ScheduleType schedule{};
    double learningRate{};
    double weightDecay{};
    double warmupFraction{};  // of the total steps
    double gradClip{};        // max gradient norm; 0 = off
    // false (the usual AdamW practice): no weight decay on biases, LayerNorm weights, embeddings
    // and other 1-D parameters; true: on every parameter (runs before this option existed).
    bool decayAllParameters{};

    // Length, batching, validation.
    int64_t steps{};  // total optimiser steps; 0 = epochs x batches per epoch
    int epochs{};     // one epoch = every train graph once
    // > 0: the session ends by this many minutes of wall time from its start (loading
    // included): after each step the run fits its length to the time left, at the step time
    // measured so far, and the schedule follows the shortened length. Not for data-parallel runs.
    double timeLimitMinutes{};
    int batchGraphs{};            // graphs per step (block-diagonal batch)
    int configsPerGraph{};        // configs sampled per graph and step
    int validationInterval{};     // steps between validations; 0 = once per epoch
    int earlyStoppingPatience{};  // validations without improvement before stopping; 0 = off
    int logInterval{};            // steps between progress reports / history rows

    // Memory budget of one step in MiB (0 = none): the step's graphs are split into
    // micro-batches whose estimated forward/backward memory fits it, gradients accumulated to
    // the whole batch's; a graph that does not fit alone trains on fewer configs (at least 2).
    int maxStepMb{};
    // > 0: Graph Segment Training for layout graphs of more pruned nodes than this: a step
    // backpropagates through one segment of at most this many nodes and adds the other
    // segments' last scores (graph_segments.h); predictions sum the segments' scores. Needs
    // the node-score-sum readout. 0 = every graph trains whole.
    int64_t segmentNodes{};

    // Data handling.
    bool collapseDuplicates{};  // identical configs collapsed to their minimum runtime
    bool pruneLayout{};         // layout: configurable nodes + their direct neighbours
    // layout_minor_to_major padding written as -1 (not 0, which is also dimension 0) before
    // normalisation; false for runs made before this option existed.
    bool markLayoutPadding{};
    // tile: config features relative to the output's shape appended (tiles per dim, padding
    // and vector-register waste); false for runs made before this option existed.
    bool tileRelativeFeatures{};

    // Run.
    uint64_t seed{};
    std::string device;  // "cpu" or "cuda[:N]" (needs a CUDA build of LibTorch)
    // Data-parallel runs: each step's graphs are shared by size and by each rank's measured
    // speed (a rank on a slower or busier core gets less); off: by size alone, so the split,
    // and with dropout the run, repeats exactly.
    bool balanceBySpeed{};
    std::string runDir;   // where checkpoints, options and history are written
    bool resume = false;  // continue the checkpoint in runDir (see train()); not an option
};

// Every option at the table's default for `collection` (its collection field set too).
TrainOptions defaultTrainOptions(Collection collection);

// Throws std::invalid_argument naming the first option out of its range (with the range) or
// the first combination that cannot work (a holdout with duplicates kept, the test split
// trained on, segments without the node-sum readout, ...).
void checkTrainOptions(const TrainOptions& options);

// options.json text and back. Reading accepts the files of earlier versions (renamed keys,
// options that did not exist yet take the value those runs trained with); throws
// std::runtime_error naming `source` on bad JSON, an unknown key's value or a wrong type.
std::string trainOptionsToJson(const TrainOptions& options);
TrainOptions trainOptionsFromJson(const std::string& json, const std::string& source);
// A run's own options.json, which this build writes whole: as above, but a file missing keys of
// the option table is refused with their names (a damaged file must not resume with defaults).
// `formatVersion`: the run's format (run_directory.h); a version 2 run may lack the options
// added while version 2 was current (validate, balance_by_speed, time_limit_minutes).
TrainOptions runOptionsFromJson(const std::string& json, const std::string& source,
                                int formatVersion);

// The options a resumed run continues with: the run's own (`run`, which reached `stepReached`
// of `plannedSteps`), with `changes` (option key -> text, as the CLI and the app take them)
// applied. Only options that may change on a resume may be given (length, validation, memory,
// device, dataset root). A run that reached its planned length goes on only with a larger
// length: more steps, or more epochs for a run measured in epochs. Throws
// std::invalid_argument naming the option, or the step reached and how to go on.
TrainOptions resumeOptions(const TrainOptions& run, int64_t stepReached, int64_t plannedSteps,
                           const std::map<std::string, std::string>& changes);

}  // namespace tpugraphs
