// A process group on PyTorch's c10d: rendezvous through a TCPStore (hosted by rank 0, or by the
// launcher), liveness of the ranks (RankMonitor), and collectives: Gloo for CPU tensors, NCCL
// for CUDA tensors in builds with CUDA. A collective that fails throws DistributedError naming
// the rank that failed or stopped.
#pragma once

#include <torch/types.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "train/distributed/distributed_launch.h"

namespace tpugraphs {

// Another rank failed or stopped; this one stops too (its message names the rank).
class DistributedError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class DistributedGroup {
public:
    // Connects to the rendezvous store (rank 0 hosts it unless launch.agentStore) and starts
    // the heartbeat; from then on this process ignores SIGPIPE (a dead peer's socket gives an
    // error, not death). Throws std::runtime_error when the store cannot be hosted or reached.
    explicit DistributedGroup(const DistributedLaunch& launch);
    ~DistributedGroup();
    DistributedGroup(const DistributedGroup&) = delete;
    DistributedGroup& operator=(const DistributedGroup&) = delete;

    int rank() const;
    int size() const;
    const DistributedLaunch& launch() const;

    // Small values through the store. await() blocks until `key` is set, and throws
    // DistributedError when another rank fails or stops meanwhile (however long it takes).
    void publish(const std::string& key, const std::string& value);
    std::string await(const std::string& key);
    // Returns once every rank has reached the barrier `name` (through the store, so a rank may
    // arrive much later; throws DistributedError as await() does).
    void barrier(const std::string& name);
    // Leaves this rank's own failure for the other ranks to name (best effort).
    void reportFailure(const std::string& message);
    // The step this rank is at, published with its heartbeat.
    void setStep(int64_t step);

    // Creates the collectives for tensors on `device`: Gloo on CPU, NCCL on CUDA. Every rank
    // calls it once, after the store exchanges that decide the device.
    void startCollectives(const torch::Device& device);
    const torch::Device& device() const;
    // Sums each tensor over the ranks in place (one all-reduce each, issued together).
    void allReduceSum(const std::vector<torch::Tensor>& tensors);
    // Copies root's tensors to every rank in place.
    void broadcast(const std::vector<torch::Tensor>& tensors, int root);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace tpugraphs
