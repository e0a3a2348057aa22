// A whole file mapped read-only into memory (mmap): the prepared-graph cache reads its entries
// through it. The mapping is populated at once (one pass of read-ahead instead of a page fault
// per 4 KiB page), since its readers touch every byte.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace tpugraphs {

class MappedFile {
public:
    MappedFile() = default;
    // Maps `path`; on failure the mapping is empty and error() says why.
    explicit MappedFile(const std::string& path);
    MappedFile(MappedFile&& other) noexcept;
    MappedFile& operator=(MappedFile&& other) noexcept;
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    ~MappedFile();

    bool isOpen() const { return m_opened; }
    const uint8_t* data() const { return m_data; }
    size_t size() const { return m_size; }
    const std::string& error() const { return m_error; }

private:
    void release();
    const uint8_t* m_data = nullptr;
    size_t m_size = 0;
    bool m_opened = false;
    std::string m_error;
};

}  // namespace tpugraphs
