// Sets LibTorch's intra-op thread count (Debian's LibTorch defaults to one thread).
#pragma once

namespace tpugraphs {

// Sets intra-op threads to `threads`, or to the machine's core count when threads <= 0.
// Returns the count in effect afterwards.
int initTorchThreads(int threads = 0);

}  // namespace tpugraphs
