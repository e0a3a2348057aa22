// Where a stretch of LibTorch work spends its time: the torch profiler's events, summed per
// operator on the CPU and per kernel on the GPU (plain header, torch inside).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tpugraphs {

struct OpTime {
    std::string name;  // operator ("aten::mm") or GPU kernel / copy name
    int64_t calls = 0;
    double totalMs = 0;  // CPU operators: inclusive of the operators they call
    double selfMs = 0;   // CPU operators: without them (GPU kernels: totalMs)
};

struct OpProfile {
    double wallMs = 0;                  // from start() to stop()
    double deviceMs = 0;                // GPU kernels and copies, summed (one stream: busy time)
    std::vector<OpTime> cpuOperators;   // descending selfMs
    std::vector<OpTime> deviceKernels;  // descending totalMs; empty without a GPU
    std::string traceNote;              // where the Chrome trace went, or why none was written
};

// Records every LibTorch operator this process runs on the CPU, and each kernel and copy on
// CUDA devices when `withDevices`, between start() and stop(). One profiler at a time per
// process. Debian's LibTorch has the operator events but no Kineto: there, no trace file.
class OpProfiler {
public:
    explicit OpProfiler(bool withDevices);
    ~OpProfiler();
    OpProfiler(const OpProfiler&) = delete;
    OpProfiler& operator=(const OpProfiler&) = delete;

    void start();
    bool running() const;
    // Stops recording (waiting for the devices' queued work) and sums the events; writes a
    // Chrome trace (chrome://tracing, Perfetto) to `tracePath` when it is not empty.
    OpProfile stop(const std::string& tracePath = "");

private:
    struct State;
    std::unique_ptr<State> state_;
};

// The profile as text: wall time, device busy share, then the `rows` costliest kernels and
// operators (by their own time), each with its calls and time per `steps` (1: totals).
std::string formatOpProfile(const OpProfile& profile, int steps, int rows = 12);

}  // namespace tpugraphs
