// Work sharing of the fused CPU kernels: node chunks pulled from a shared counter.
#pragma once

#include <ATen/Parallel.h>

#include <algorithm>
#include <atomic>
#include <cstdint>

namespace tpugraphs {

// Runs body(n0, n1, thread) over [0, nodes) in chunks of at most `chunk` nodes on LibTorch's
// intra-op threads; thread is in [0, at::get_num_threads()) (for per-thread scratch). Threads
// take the next chunk from a shared counter: on a busy machine a thread that gets less CPU time
// does fewer chunks instead of holding the others at the end-of-region barrier.
template <typename Body>
void forNodeChunks(int64_t nodes, int64_t chunk, const Body& body) {
    const int64_t chunks = (nodes + chunk - 1) / chunk;
    std::atomic<int64_t> next{0};
    at::parallel_for(0, at::get_num_threads(), 1, [&](int64_t, int64_t) {
        const int thread = at::get_thread_num();
        for (int64_t c = next++; c < chunks; c = next++)
            body(c * chunk, std::min(nodes, (c + 1) * chunk), thread);
    });
}

}  // namespace tpugraphs
