// Process set-up for LibTorch on CPU: intra-op threads = cores (Debian's LibTorch defaults to
// one), a single-threaded BLAS underneath so the two thread pools do not fight over cores, and
// a caching allocator so large temporaries are not fresh pages every step.
#pragma once

namespace tpugraphs {

// The intra-op threads a process gets by default: the cores idle over 100 ms at start-up
// (/proc/stat counts in 10 ms ticks), rounded, at least 1; for one of several workers a launcher
// started on this machine (LOCAL_WORLD_SIZE), the cores divided by their number. LibTorch's
// OpenMP threads meet at a barrier many times per step, so one thread on a core another process
// keeps busy stalls all of them: on the 2-core machine with two other (niced) trainings running,
// 2 threads trained the layout model on the real nlp graph at 3.4 configs/s and 1 thread at 38.
int defaultTorchThreads();
// Sets intra-op threads to `threads`, or to defaultTorchThreads() when threads <= 0, and
// OpenBLAS (when it is the BLAS LibTorch runs on) to one thread; installs the caching CPU
// allocator (model/caching_cpu_allocator.h). Returns the intra-op count.
int initTorchThreads(int threads = 0);
// The most intra-op threads a command may ask for (4 per core, at least 64): each is an OS
// thread started at once, so --threads 10000 is refused instead of started.
int maxTorchThreads();
// LibTorch's intra-op thread count now.
int torchThreads();

}  // namespace tpugraphs
