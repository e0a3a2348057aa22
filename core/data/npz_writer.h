// Writes .npz files numpy reads (npy v1 members, deflate, zip64 when needed), atomically.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "data/npy_header.h"

namespace tpugraphs {

class NpzWriter {
public:
    // compressionLevel: 1 (fast) .. 9 (small); 0 stores the members uncompressed.
    explicit NpzWriter(int compressionLevel = 6) : m_level(compressionLevel) {}

    // Adds an array whose `data` is row-major (C order) and native-endian. With fortranOrder the
    // member is written column-major (like edge_index in the real layout files).
    void add(const std::string& name, DType dtype, const std::vector<int64_t>& shape,
             const void* data, bool fortranOrder = false);
    template <typename T>
    void add(const std::string& name, const std::vector<T>& values,
             const std::vector<int64_t>& shape, bool fortranOrder = false) {
        add(name, dtypeOf<T>(), shape, values.data(), fortranOrder);
    }

    // Writes every added array to `path` (temporary file, then rename). Throws DataError, or
    // FileWriteError when the finished file cannot be put in place.
    void write(const std::string& path) const;

private:
    // The archive's bytes (deflate level m_level); throws DataError naming `path`.
    std::string zipBytes(const std::string& path) const;

    struct Member {
        std::string name;
        std::vector<uint8_t> image;  // npy header + data
    };
    int m_level;
    std::vector<Member> m_members;
};

}  // namespace tpugraphs
