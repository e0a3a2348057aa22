// A run's checkpoints: last.pt (weights and optimiser, with the state file) and best.pt
// (weights), written by the run's owner; on a resume, the normalisers and weights read back.
// Included by the trainer's .cpp files only (torch types).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <torch/types.h>

#include "prepare/feature_normalizer.h"
#include "train/checkpoint.h"
#include "train/run_recorder.h"
#include "train/training_data.h"

namespace tpugraphs {

class FlatAdam;

// The normalisers stored in a run's checkpoint (a resume uses them instead of fitting new).
struct StoredNormalizers {
    std::unique_ptr<FeatureNormalizer> nodes, configs;  // configs: tile runs only
};
StoredNormalizers readStoredNormalizers(const std::string& checkpoint);

// The checkpoint a resume of `runDir` starts from: last.pt, or, when it cannot be read (cut
// short by a crash of the machine, a bad disk), the previous one kept beside it; "" when
// neither is usable (the run starts again from step 0). Adds a line to `notes` for each
// checkpoint passed over and for a restart.
std::string usableCheckpoint(const std::string& runDir, std::vector<std::string>* notes);

class RunCheckpoints {
public:
    RunCheckpoints(RunRecorder& recorder, const TrainOptions& options, const TrainingData& data);

    // last.pt, then the state file with `status` (the owner only).
    void saveLast(torch::nn::Module& model, FlatAdam& optimizer, RunStatus status);
    // best.pt (the owner only); the run's record notes it either way.
    void saveBest(torch::nn::Module& model);
    // Loads `checkpoint`'s weights and optimiser state onto `device` and sets the record's
    // step to it, dropping history rows written after it.
    void restore(const std::string& checkpoint, torch::nn::Module& model, FlatAdam& optimizer,
                 const torch::Device& device);

private:
    CheckpointMeta meta() const;

    RunRecorder& m_recorder;
    const TrainOptions& m_options;
    const TrainingData& m_data;
};

}  // namespace tpugraphs
