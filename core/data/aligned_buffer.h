// An uninitialised, 64-byte aligned byte buffer: the destination that members inflate into.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

namespace tpugraphs {

class AlignedBuffer {
public:
    static constexpr std::align_val_t kAlignment{64};

    AlignedBuffer() = default;
    explicit AlignedBuffer(size_t size)
        : m_data(static_cast<uint8_t*>(::operator new(size ? size : 1, kAlignment))),
          m_size(size) {}

    uint8_t* data() { return m_data.get(); }
    const uint8_t* data() const { return m_data.get(); }
    size_t size() const { return m_size; }

private:
    struct Free {
        void operator()(uint8_t* p) const { ::operator delete(p, kAlignment); }
    };
    std::unique_ptr<uint8_t, Free> m_data;
    size_t m_size = 0;
};

}  // namespace tpugraphs
