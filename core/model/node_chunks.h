// Work sharing of the fused CPU kernels: node chunks dealt round-robin to lanes.
#pragma once

#include <ATen/Parallel.h>
#include <ATen/ThreadLocalState.h>

#include <algorithm>
#include <cstdint>

namespace tpugraphs {

// Runs body(n0, n1, lane) over [0, nodes) in chunks of at most `chunk` nodes on LibTorch's
// intra-op threads (this needs the caller compiled with OpenMP: at::parallel_for is a header
// template around `#pragma omp parallel`). Lane l in [0, at::get_num_threads()) takes chunks
// l, l + lanes, ... in order and owns per-lane scratch and accumulators, so which chunks a
// lane sums, and in which order, depends on the thread count alone: a run is reproducible for
// a given --threads, as LibTorch's own ops are. The lanes run with the caller's thread-local
// state (grad mode above all: the OpenMP workers' own has gradients on, and out= ops refuse
// inputs that require grad then).
template <typename Body>
void forNodeChunks(int64_t nodes, int64_t chunk, const Body& body) {
    const int64_t chunks = (nodes + chunk - 1) / chunk;
    const int64_t lanes = at::get_num_threads();
    const at::ThreadLocalState caller;
    at::parallel_for(0, lanes, 1, [&](int64_t begin, int64_t end) {
        const at::ThreadLocalStateGuard state(caller);
        for (int64_t lane = begin; lane < end; ++lane)
            for (int64_t c = lane; c < chunks; c += lanes)
                body(c * chunk, std::min(nodes, (c + 1) * chunk), static_cast<int>(lane));
    });
}

}  // namespace tpugraphs
