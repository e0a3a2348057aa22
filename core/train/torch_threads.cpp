// Sets LibTorch's intra-op thread count to the core count at start-up.
#include "train/torch_threads.h"

#include <ATen/Parallel.h>

#include <thread>

namespace tpugraphs {

int initTorchThreads(int threads) {
    if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    at::set_num_threads(threads);
    return at::get_num_threads();
}

}  // namespace tpugraphs
