// A decoded .npy array: native-endian, C-order data held in an aligned buffer, with typed access.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "data/aligned_buffer.h"
#include "data/data_error.h"
#include "data/npy_header.h"

namespace tpugraphs {

class NpyArray {
public:
    NpyArray() = default;

    // Decodes the .npy image in `image` (exactly its header and data), using the data in place;
    // converts big-endian and Fortran-order data. Throws DataError naming `file` and `name`.
    static NpyArray decode(AlignedBuffer image, const std::string& file, const std::string& name);
    // Reads a standalone .npy file.
    static NpyArray readFile(const std::string& path);

    const std::string& name() const { return m_name; }
    const std::string& file() const { return m_file; }
    DType dtype() const { return m_header.dtype; }
    const std::vector<int64_t>& shape() const { return m_header.shape; }
    int rank() const { return static_cast<int>(m_header.shape.size()); }
    int64_t dim(int axis) const { return m_header.shape.at(static_cast<size_t>(axis)); }
    int64_t elementCount() const { return m_header.elementCount(); }
    size_t byteSize() const { return static_cast<size_t>(m_header.dataBytes()); }
    const NpyHeader& storedHeader() const { return m_header; }  // order/endianness as stored

    const uint8_t* bytes() const { return m_buffer.data() + m_offset; }

    // Typed view; throws DataError when T is not the array's dtype.
    template <typename T>
    const T* data() const {
        if (dtypeOf<T>() != dtype())
            throw DataError(m_file, m_name,
                            std::string("has dtype ") + dtypeName(dtype()) + ", expected " +
                                dtypeName(dtypeOf<T>()));
        return reinterpret_cast<const T*>(bytes());
    }
    template <typename T>
    std::vector<T> toVector() const {
        const T* p = data<T>();
        std::vector<T> values;
        reserveLarge(values, static_cast<size_t>(elementCount()));
        values.assign(p, p + elementCount());
        return values;
    }

private:
    std::string m_file, m_name;
    NpyHeader m_header;
    AlignedBuffer m_buffer;
    size_t m_offset = 0;
};

}  // namespace tpugraphs
