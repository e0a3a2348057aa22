// Aligned buffers: 64-byte aligned, or 2 MiB aligned with huge pages when large.
#include "data/aligned_buffer.h"

#include <sys/mman.h>

#include <new>

namespace tpugraphs {

namespace {
constexpr size_t kHugePage = size_t(2) << 20;
constexpr size_t kLineAlignment = 64;
}  // namespace

void adviseHugePages(void* data, size_t bytes) {
    const auto start = reinterpret_cast<uintptr_t>(data);
    const uintptr_t first = (start + kHugePage - 1) / kHugePage * kHugePage;
    const uintptr_t last = (start + bytes) / kHugePage * kHugePage;
    if (data && last > first) madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
}

AlignedBuffer::AlignedBuffer(size_t size) : m_size(size) {
    const size_t alignment = size >= kHugePage / 2 ? kHugePage : kLineAlignment;
    const size_t rounded = (size + alignment - 1) / alignment * alignment;
    void* p = std::aligned_alloc(alignment, rounded ? rounded : alignment);
    if (!p) throw std::bad_alloc();
    if (alignment == kHugePage) adviseHugePages(p, rounded);
    m_data.reset(static_cast<uint8_t*>(p));
}

}  // namespace tpugraphs
