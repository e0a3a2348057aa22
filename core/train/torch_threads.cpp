// Process set-up for LibTorch on CPU: threads and a caching allocator for large tensors.
//
// Debian's LibTorch runs its own ops on an OpenMP pool and calls OpenBLAS (pthread build) for
// matrix products, which starts its own pool of one thread per core. With both pools active
// the threads spin against each other: on a 2-core machine a training step of the late-join
// model took ~3.5x longer than with OpenBLAS held to one thread (perf: ~60 % of cycles in
// libgomp spin-waits and sched_yield). Our matrices are small enough that LibTorch's own
// parallelism is the better use of the cores, so OpenBLAS gets one thread.
#include "train/torch_threads.h"

#include <ATen/Parallel.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>

#include "base/core_count.h"
#include "model/caching_cpu_allocator.h"

namespace tpugraphs {

namespace {

// Freed large tensors kept for reuse. A layout step at the default model on the real nlp graph
// (2,850 pruned nodes, 64 configs) frees about 1 GB of [N, K, H] temporaries per step.
constexpr size_t kCachedCpuBytes = size_t(1) << 30;

// TPUGRAPHS_CPU_CACHE_MB overrides the cache's size (0: no caching, for before/after figures).
size_t cpuCacheCapBytes() {
    const char* megabytes = std::getenv("TPUGRAPHS_CPU_CACHE_MB");
    return megabytes ? size_t(std::max(0L, std::atol(megabytes))) << 20 : kCachedCpuBytes;
}

// OpenBLAS is found at run time (the BLAS behind LibTorch is chosen by Debian's alternatives),
// so there is no link-time dependency on it.
void singleThreadedBlas() {
    using SetThreads = void (*)(int);
    if (auto set = reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads")))
        set(1);
}

// Worker processes started together on one machine (torchrun, `train --ranks`) share its
// cores: LOCAL_WORLD_SIZE of them.
int processesOnThisMachine() {
    const char* count = std::getenv("LOCAL_WORLD_SIZE");
    return count ? std::max(1, std::atoi(count)) : 1;
}

}  // namespace

int defaultTorchThreads() {
    // Sibling workers start at the same moment, so the idle cores they would see are not theirs.
    if (processesOnThisMachine() > 1)
        return coresFor(CorePolicy::SharedEvenly, processesOnThisMachine());
    return coresFor(CorePolicy::IdleCores);
}

int initTorchThreads(int threads) {
    if (threads <= 0) threads = defaultTorchThreads();
    singleThreadedBlas();
    installCachingCpuAllocator(cpuCacheCapBytes());
    at::set_num_threads(threads);
    return at::get_num_threads();
}

int maxTorchThreads() {
    return std::max(64, 4 * static_cast<int>(std::thread::hardware_concurrency()));
}

int torchThreads() {
    return at::get_num_threads();
}

}  // namespace tpugraphs
