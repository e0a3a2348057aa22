// The .npy header: format version, dtype, shape and memory order, parsed and formatted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tpugraphs {

enum class DType { F32, F64, U8, I8, I16, U16, I32, U32, I64, U64 };

size_t dtypeSize(DType dtype);
const char* dtypeName(DType dtype);  // numpy's name: "float32", "uint8", ...
bool dtypeIsFloat(DType dtype);
// numpy's descr string, e.g. "<f4", "|u1", ">i8".
std::string dtypeDescr(DType dtype, bool bigEndian = false);

// The C++ type of each dtype, for typed access.
template <typename T>
constexpr DType dtypeOf();
template <>
constexpr DType dtypeOf<float>() {
    return DType::F32;
}
template <>
constexpr DType dtypeOf<double>() {
    return DType::F64;
}
template <>
constexpr DType dtypeOf<uint8_t>() {
    return DType::U8;
}
template <>
constexpr DType dtypeOf<int8_t>() {
    return DType::I8;
}
template <>
constexpr DType dtypeOf<int16_t>() {
    return DType::I16;
}
template <>
constexpr DType dtypeOf<uint16_t>() {
    return DType::U16;
}
template <>
constexpr DType dtypeOf<int32_t>() {
    return DType::I32;
}
template <>
constexpr DType dtypeOf<uint32_t>() {
    return DType::U32;
}
template <>
constexpr DType dtypeOf<int64_t>() {
    return DType::I64;
}
template <>
constexpr DType dtypeOf<uint64_t>() {
    return DType::U64;
}

struct NpyHeader {
    int version = 1;  // format major version: 1, 2 or 3
    DType dtype = DType::F32;
    bool bigEndian = false;     // as stored
    bool fortranOrder = false;  // as stored
    std::vector<int64_t> shape;
    size_t dataOffset = 0;  // bytes from the start of the .npy to the array data

    int64_t elementCount() const;
    int64_t dataBytes() const;
    std::string shapeString() const;  // numpy style: "(2774, 140)", "(5,)", "()"
};

// Smallest prefix that tells the whole header length (magic, version, length field).
constexpr size_t kNpyPreambleBytes = 12;
// Total header length (= data offset) from the first `size` bytes (at least 10, or 12 for
// versions 2 and 3). Throws DataError naming `file` and `array` on a bad magic or version.
size_t npyHeaderLength(const uint8_t* data, size_t size, const std::string& file,
                       const std::string& array);
// Parses a complete header from the first `size` bytes of a .npy image. Throws DataError.
NpyHeader parseNpyHeader(const uint8_t* data, size_t size, const std::string& file,
                         const std::string& array);
// A version-1 header for native little-endian data, padded to a multiple of 64 bytes.
std::string formatNpyHeader(DType dtype, const std::vector<int64_t>& shape, bool fortranOrder);

std::string shapeToString(const std::vector<int64_t>& shape);

}  // namespace tpugraphs
