// The one task pool of core: runs the items of a loop on several threads.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>

namespace tpugraphs {

// Threads to use for a request of `threads`: the request itself when positive, else one per
// core (at least 1).
int resolveThreadCount(int threads);

// Runs body(i) for every i in [0, count) on up to resolveThreadCount(threads) threads, the
// calling thread being one of them. Items are handed out in increasing order. When `cancel`
// becomes true, no further item starts. When a body throws, no further item starts either, and
// once the running ones have finished the exception of the lowest failed item is rethrown.
// Returns how many items ran to completion (count unless cancelled).
size_t parallelFor(size_t count, int threads, const std::function<void(size_t)>& body,
                   const std::atomic<bool>* cancel = nullptr);

}  // namespace tpugraphs
