// Best-fit cache of large CPU blocks behind c10::Allocator.
#include "model/caching_cpu_allocator.h"

#include <c10/core/CPUAllocator.h>
#include <c10/core/impl/alloc_cpu.h>
#include <torch/version.h>

#include <atomic>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <map>
#include <mutex>

namespace tpugraphs {

namespace {

// LibTorch 2.3 made Allocator::allocate non-const and added copy_data (1.13 is Debian's; 2.x
// the CUDA builds).
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 3)
#define TPUGRAPHS_ALLOCATOR_HAS_COPY_DATA 1
#define TPUGRAPHS_ALLOCATE_CONST
#else
#define TPUGRAPHS_ALLOCATOR_HAS_COPY_DATA 0
#define TPUGRAPHS_ALLOCATE_CONST const
#endif

constexpr size_t kHeader = 64;  // keeps the returned data 64-byte aligned
constexpr size_t kSmallest = size_t(256) << 10;
// A kept block serves requests of at least 1 / kMostOversize of its size. Training steps of
// varying graphs ask for varying sizes: matching the size class alone missed most requests
// (11,500 page faults per demo step, not 1,500).
constexpr size_t kMostOversize = 2;

// n rounded up so that only its 4 leading bits may be set (steps of 1/8 of a power of two).
size_t sizeClass(size_t n) {
    if (n < kSmallest) return n;
    size_t top = size_t(1) << (63 - __builtin_clzll(n));
    const size_t step = top >> 3;
    return (n + step - 1) / step * step;
}

class CachingCpuAllocator final : public c10::Allocator {
public:
    c10::DataPtr allocate(size_t n) TPUGRAPHS_ALLOCATE_CONST override {
        size_t size = sizeClass(n);
        void* block = size >= kSmallest ? take(&size) : nullptr;
        if (!block) block = c10::alloc_cpu(size + kHeader);
        *static_cast<size_t*>(block) = size;
        void* data = static_cast<char*>(block) + kHeader;
        return {data, data, &release, c10::Device(c10::DeviceType::CPU)};
    }
    c10::DeleterFnPtr raw_deleter() const override { return &release; }
#if TPUGRAPHS_ALLOCATOR_HAS_COPY_DATA
    void copy_data(void* dest, const void* src, std::size_t count) const override {
        default_copy_data(dest, src, count);
    }
#endif

    void setCap(size_t bytes) {
        m_cap = bytes;
    }

    void releaseAll() {
        std::lock_guard<std::mutex> lock(m_mutex);
        for (auto& [size, block] : m_free) c10::free_cpu(block);
        m_free.clear();
        m_cached = 0;
    }

    size_t cached() const {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_cached;
    }

    static CachingCpuAllocator& instance() {
        static CachingCpuAllocator allocator;
        return allocator;
    }

private:
    static void release(void* data) {
        void* block = static_cast<char*>(data) - kHeader;
        const size_t size = *static_cast<size_t*>(block);
        if (size < kSmallest || !instance().keep(block, size)) c10::free_cpu(block);
    }

    // The smallest kept block of at least *size bytes and at most kMostOversize times that;
    // *size becomes the block's size.
    void* take(size_t* size) const {
        std::lock_guard<std::mutex> lock(m_mutex);
        auto it = m_free.lower_bound(*size);
        if (it == m_free.end() || it->first > *size * kMostOversize) return nullptr;
        void* block = it->second;
        *size = it->first;
        m_free.erase(it);
        m_cached -= *size;
        return block;
    }

    bool keep(void* block, size_t size) {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (m_cached + size > m_cap.load()) return false;
        m_free.emplace(size, block);
        m_cached += size;
        return true;
    }

    mutable std::mutex m_mutex;
    mutable std::multimap<size_t, void*> m_free;
    mutable size_t m_cached = 0;
    std::atomic<size_t> m_cap{0};
};

}  // namespace

void installCachingCpuAllocator(size_t maxCachedBytes) {
    static std::once_flag installed;
    CachingCpuAllocator& allocator = CachingCpuAllocator::instance();
    allocator.setCap(maxCachedBytes);
    std::call_once(installed, [&] { c10::SetCPUAllocator(&allocator, /*priority=*/1); });
}

void releaseCachedCpuMemory() {
    CachingCpuAllocator::instance().releaseAll();
}

size_t cachedCpuBytes() {
    return CachingCpuAllocator::instance().cached();
}

void returnFreeCpuMemory() {
    releaseCachedCpuMemory();
#ifdef __GLIBC__
    // glibc keeps freed heap pages, in every thread's arena, until asked: after a layout run in
    // the desktop app that was 1.1 GiB of resident memory while idle (tpugraphs-bench-memory).
    malloc_trim(0);
#endif
}

}  // namespace tpugraphs
