// Validation during a run: the competition metrics of the model on the validation items (the
// valid split or held-out configs), over seeded config subsets for periodic validations when
// validConfigs is set, sharded over the ranks of a process group. Included by the trainer's
// .cpp files only (torch types).
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include <torch/types.h>

#include "model/cost_model.h"
#include "train/train_progress.h"
#include "train/training_data.h"

namespace tpugraphs {

class DataParallel;

class RunValidation {
public:
    // `parallel` is null when training alone; `stop` (may be null) ends a validation early.
    RunValidation(const TrainOptions& options, const TrainingData& data, DataParallel* parallel,
                  const std::atomic<bool>* stop);

    bool empty() const { return m_data.validation.empty(); }
    // Metrics at `step`, averaged over graphs; the final validation scores every config unless
    // the options' fullFinalValidation is off.
    // Throws TrainingFailure when the model gives a non-finite score.
    EvalMetrics run(CostModelImpl& model, const torch::Device& device, int64_t step, bool final);

private:
    const TrainOptions& m_options;
    const TrainingData& m_data;
    DataParallel* m_parallel;
    const std::atomic<bool>* m_stop;
    std::vector<EvalItem> m_subsets;  // validConfigs > 0: subsets of m_data.validation
};

}  // namespace tpugraphs
