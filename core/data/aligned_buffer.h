// An uninitialised, aligned byte buffer: the destination that members inflate into. Large
// buffers are backed by transparent huge pages (page faults dominate otherwise on big arrays).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

namespace tpugraphs {

// Asks the kernel for huge pages over the 2 MiB-aligned part of [data, data + bytes).
void adviseHugePages(void* data, size_t bytes);

// Reserves room for n elements, with huge pages when large, before the caller fills it.
template <typename T>
void reserveLarge(std::vector<T>& values, size_t n) {
    values.reserve(n);
    adviseHugePages(values.data(), n * sizeof(T));
}

class AlignedBuffer {
public:
    AlignedBuffer() = default;
    explicit AlignedBuffer(size_t size);  // throws std::bad_alloc

    uint8_t* data() { return m_data.get(); }
    const uint8_t* data() const { return m_data.get(); }
    size_t size() const { return m_size; }

private:
    struct Free {
        void operator()(uint8_t* p) const { std::free(p); }
    };
    std::unique_ptr<uint8_t, Free> m_data;
    size_t m_size = 0;
};

}  // namespace tpugraphs
