// Work sharing of the fused CPU kernels: node chunks dealt round-robin to lanes, and the lanes
// handed between threads a chunk at a time.
#pragma once

#include <ATen/Parallel.h>
#include <ATen/ThreadLocalState.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>

namespace tpugraphs {

// The number of lanes forNodeChunks deals chunks to: twice the intra-op threads (one lane per
// thread could not be handed over: a thread that finished its lane would wait), 1 on 1 thread.
// Callers size their per-lane scratch and accumulators by it.
inline int chunkLanes() {
    const int threads = at::get_num_threads();
    return threads == 1 ? 1 : 2 * threads;
}

// Runs body(n0, n1, lane) over [0, nodes) in chunks of at most `chunk` nodes on LibTorch's
// intra-op threads (this needs the caller compiled with OpenMP: at::parallel_for is a header
// template around `#pragma omp parallel`). Lane l in [0, chunkLanes()) owns chunks l, l + lanes,
// ... and per-lane scratch and accumulators. A thread takes the free lane with the most chunks
// left, runs its next chunk and lets it go, so the threads finish together however uneven the
// chunks or the cores' speed; a lane runs on one thread at a time and its chunks in order, so
// which chunks a lane sums, and in which order, depends on the thread count alone: a run is
// reproducible for a given --threads, as LibTorch's own ops are. An exception from a body stops
// every thread and reaches the caller. The lanes run with the caller's thread-local state (grad
// mode above all: the OpenMP workers' own has gradients on, and out= ops refuse inputs that
// require grad then).
template <typename Body>
void forNodeChunks(int64_t nodes, int64_t chunk, const Body& body) {
    const int64_t chunks = (nodes + chunk - 1) / chunk;
    const int64_t lanes = chunkLanes();
    struct Lane {
        std::atomic<bool> busy{false};
        std::atomic<int64_t> next{0};  // its next chunk; >= chunks when done
    };
    const std::unique_ptr<Lane[]> state(new Lane[lanes]);
    for (int64_t l = 0; l < lanes; ++l) state[l].next.store(l, std::memory_order_relaxed);
    std::atomic<int64_t> left{chunks};
    std::atomic<bool> failed{false};  // a body threw: the others stop (at::parallel_for rethrows)
    const at::ThreadLocalState caller;
    at::parallel_for(0, at::get_num_threads(), 1, [&](int64_t, int64_t) {
        const at::ThreadLocalStateGuard guard(caller);
        while (left.load(std::memory_order_acquire) > 0 &&
               !failed.load(std::memory_order_relaxed)) {
            int64_t best = -1, most = 0;
            for (int64_t l = 0; l < lanes; ++l) {
                if (state[l].busy.load(std::memory_order_relaxed)) continue;
                const int64_t remaining =
                    chunks - state[l].next.load(std::memory_order_relaxed) + lanes - 1;
                if (remaining / lanes > most) best = l, most = remaining / lanes;
            }
            if (best < 0) {  // every lane with chunks left is running elsewhere
                std::this_thread::yield();
                continue;
            }
            Lane& lane = state[best];
            if (lane.busy.exchange(true, std::memory_order_acquire)) continue;
            const int64_t c = lane.next.load(std::memory_order_relaxed);
            if (c < chunks) {
                try {
                    body(c * chunk, std::min(nodes, (c + 1) * chunk), static_cast<int>(best));
                } catch (...) {
                    failed.store(true, std::memory_order_relaxed);
                    throw;
                }
                lane.next.store(c + lanes, std::memory_order_relaxed);
                left.fetch_sub(1, std::memory_order_release);
            }
            lane.busy.store(false, std::memory_order_release);
        }
    });
}

}  // namespace tpugraphs
