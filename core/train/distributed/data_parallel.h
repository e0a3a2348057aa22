// Data-parallel training for the trainer: every rank trains on its share of each step's graphs
// and the ranks sum their gradients, so they all take the same optimiser step, the one a single
// process would take on the whole batch. Start-up agreements, the per-step all-reduce, the
// weight check, sharded validation and the agreed stop live here; the trainer calls them at a
// few marked places. Torch types in the interface: included by the trainer only.
#pragma once

#include <torch/types.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <vector>

#include "model/graph_batch.h"
#include "train/distributed/distributed_group.h"
#include "train/run_directory.h"
#include "train/training_data.h"

namespace tpugraphs {

class FlatAdam;

class DataParallel {
public:
    // Joins the process group of `launch` (store rendezvous and heartbeat). `cancel` is this
    // process's stop request (Ctrl-C); the ranks agree on stopping at the same step.
    DataParallel(const DistributedLaunch& launch, const std::atomic<bool>* cancel);

    bool owner() const { return m_group.launch().owner(); }

    // --- Start-up, every rank in this order ---
    // Rank 0 publishes its options. The others, on a fresh run, refuse to go on when their own
    // differ (naming the options); on a resume they adopt rank 0's (they need not see the run
    // directory) and keep their own dataset root when they were given one.
    void agreeOnOptions(TrainOptions* options);
    // Rank 0 publishes the normalisers of a resumed run, the others take them; then the
    // collectives start on this rank's device, which is returned.
    torch::Device start(const TrainOptions& options, std::unique_ptr<FeatureNormalizer>* nodes,
                        std::unique_ptr<FeatureNormalizer>* configs);
    // Refuses to go on when the ranks loaded different training data (another copy of the
    // dataset on some machine): compares the graphs, their config counts and the normalisers.
    void checkSameData(const TrainingData& data);
    // Copies rank 0's weights, optimiser state and run position (step, best validation) to
    // every rank: all start from the same state.
    void broadcastState(FlatAdam& optimizer, RunInfo* info);

    // --- Training ---
    // This rank's items of a step; the union over the ranks is `items`. Balanced by nodes x
    // configs and (TrainOptions::balanceBySpeed) by how fast each rank has done such work in the
    // last steps (each rank's compute time travels with the gradients), so a rank on a slower or
    // busier core gets less.
    std::vector<BatchItem> share(const std::vector<BatchItem>& items);
    // Every rank, at the start of each step, before its forward pass.
    void beginStep(int64_t step);
    // Sums the gradients, the loss shares and the stop requests over the ranks (the step's one
    // collective); returns the batch's loss.
    double sumGradients(FlatAdam& optimizer, double lossShare, int64_t step);
    // Every kWeightCheckInterval steps and at `last`: throws when a rank's weights differ.
    void checkWeights(const FlatAdam& optimizer, int64_t step, bool last);
    // What the step's collectives carried from this rank, and their mean time per step so far.
    int64_t bytesPerStep() const { return m_bytesPerStep; }
    double secondsPerStep() const { return m_steps ? m_collectiveSeconds / m_steps : 0.0; }
    // Of that time, the part spent waiting for the slowest rank to finish its forward and
    // backward pass (each rank's compute time of a step travels with the gradients), per step.
    double waitingSecondsPerStep() const { return m_steps ? m_waitingSeconds / m_steps : 0.0; }
    // The slowest rank's compute time of a step over the ranks' mean, averaged over the steps:
    // 1 for a perfect split.
    double slowestOverMean() const { return m_steps ? m_slowestOverMean / m_steps : 1.0; }
    // True once any rank has asked to stop (agreed at the last collective, so every rank
    // stops after the same step).
    bool stopAgreed() const { return m_stop; }
    int rank() const { return m_group.rank(); }

    // --- Validation, sharded ---
    // Which items this rank scores (balanced by size).
    std::vector<bool> validationShare(const std::vector<EvalItem>& items) const;
    // Fills in the other ranks' per-graph metrics (exactly: each comes from one rank).
    void gatherMetrics(std::vector<EvalMetrics>* perGraph, const std::vector<bool>& mine);

    // Leaves this rank's own failure (not another rank's) for the others to name.
    void failed(const std::exception& error);

    static constexpr int64_t kWeightCheckInterval = 50;

private:
    bool stopAsked() const { return m_cancel && m_cancel->load(); }
    std::vector<bool> mineOf(const std::vector<double>& costs) const;
    // Adds a step's compute time of each rank against the work it was given (decaying the
    // older steps), for the next split.
    void learnRankSpeeds(const torch::Tensor& times);

    DistributedGroup m_group;
    const std::atomic<bool>* m_cancel;
    bool m_stop = false;
    int64_t m_bytesPerStep = 0, m_steps = 0;
    double m_collectiveSeconds = 0, m_waitingSeconds = 0, m_slowestOverMean = 0;
    std::chrono::steady_clock::time_point m_computeStart = std::chrono::steady_clock::now();
    // Per rank: the work of this step's share (nodes x configs), and recent compute seconds
    // and work, each decayed by kSpeedMemory per step.
    std::vector<double> m_stepWork, m_recentSeconds, m_recentWork;
    bool m_balanceBySpeed = true;
    static constexpr double kSpeedMemory = 0.8;
};

}  // namespace tpugraphs
