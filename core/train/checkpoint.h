// Checkpoint files (LibTorch archives): model weights, optimiser state and the metadata needed
// to rebuild the model (format version, model type, options, normaliser statistics).
#pragma once

#include <cstdint>
#include <string>

#include <torch/nn/module.h>

namespace tpugraphs {

class FlatAdam;

struct CheckpointMeta {
    int64_t formatVersion = 0;
    std::string modelType;         // modelTypeName()
    std::string optionsJson;       // TrainOptions of the run
    std::string nodeNormalizer;    // FeatureNormalizer::toJson()
    std::string configNormalizer;  // tile config features; empty for layout
    int64_t step = 0;
};

// Written atomically (common/atomic_file.h). optimizer may be null. Throws RunError or
// FileWriteError.
void saveCheckpoint(const std::string& path, const CheckpointMeta& meta, torch::nn::Module& model,
                    FlatAdam* optimizer);

// Reads the metadata only. Throws RunError (unreadable file, other format version).
CheckpointMeta readCheckpointMeta(const std::string& path);

// Loads weights (and, when optimizer is non-null, re-binds it to the loaded weights and loads
// its state) onto `device`. Throws RunError
// when the file's model type differs from expectedModelType or the weights do not fit.
CheckpointMeta loadCheckpoint(const std::string& path, const std::string& expectedModelType,
                              torch::nn::Module& model, FlatAdam* optimizer,
                              const torch::Device& device);

}  // namespace tpugraphs
