// A CPU allocator for LibTorch that keeps freed large blocks for reuse (plain header).
#pragma once

#include <cstddef>

namespace tpugraphs {

// Installs the caching allocator as LibTorch's CPU allocator (once per process; later calls
// only change the cap). Blocks of at least 256 KiB are rounded up to a size class (at most
// 12.5 % larger) and, when freed, kept while the kept bytes stay under `maxCachedBytes`; a
// request takes the smallest kept block that is at least its size and at most twice it.
// Smaller blocks go straight to the system. Without it, glibc serves every large tensor with a
// fresh mmap, so each step pays page faults, page zeroing and munmap for all of its temporaries.
void installCachingCpuAllocator(size_t maxCachedBytes);

// The bytes of the blocks kept now.
size_t cachedCpuBytes();

// Returns every cached block to the system (e.g. between micro-batches of different shapes).
void releaseCachedCpuMemory();
// Returns the cached blocks and the C library's free heap pages to the system (at the end of a
// training run).
void returnFreeCpuMemory();

}  // namespace tpugraphs
