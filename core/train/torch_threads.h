// Process set-up for LibTorch on CPU: intra-op threads = cores (Debian's LibTorch defaults to
// one), a single-threaded BLAS underneath so the two thread pools do not fight over cores, and
// a caching allocator so large temporaries are not fresh pages every step.
#pragma once

namespace tpugraphs {

// Sets intra-op threads to `threads`, or to the machine's core count when threads <= 0, and
// OpenBLAS (when it is the BLAS LibTorch runs on) to one thread; installs the caching CPU
// allocator (model/caching_cpu_allocator.h). Returns the intra-op count.
int initTorchThreads(int threads = 0);
// LibTorch's intra-op thread count now.
int torchThreads();

}  // namespace tpugraphs
