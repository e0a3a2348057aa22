// Decoding of .npy images: header check, in-place byte-order conversion, Fortran to C order.
#include "data/npy_array.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "data/regular_file.h"

namespace tpugraphs {

namespace {

template <typename Word>
void swapWords(uint8_t* data, int64_t count) {
    for (int64_t i = 0; i < count; ++i) {
        Word w;
        std::memcpy(&w, data + i * sizeof(Word), sizeof(Word));
        if constexpr (sizeof(Word) == 2) w = __builtin_bswap16(w);
        if constexpr (sizeof(Word) == 4) w = __builtin_bswap32(w);
        if constexpr (sizeof(Word) == 8) w = __builtin_bswap64(w);
        std::memcpy(data + i * sizeof(Word), &w, sizeof(Word));
    }
}

void swapBytes(uint8_t* data, int64_t count, size_t size) {
    if (size == 2) swapWords<uint16_t>(data, count);
    if (size == 4) swapWords<uint32_t>(data, count);
    if (size == 8) swapWords<uint64_t>(data, count);
}

// Copies a column-major array of `shape` into row-major order.
template <size_t Size>
void fortranToC(const uint8_t* src, uint8_t* dst, const std::vector<int64_t>& shape) {
    const size_t rank = shape.size();
    if (rank == 2) {
        const int64_t rows = shape[0], cols = shape[1];
        for (int64_t i = 0; i < rows; ++i)
            for (int64_t j = 0; j < cols; ++j)
                std::memcpy(dst + (i * cols + j) * Size, src + (j * rows + i) * Size, Size);
        return;
    }
    std::vector<int64_t> stride(rank, 1), index(rank, 0);
    for (size_t a = 1; a < rank; ++a) stride[a] = stride[a - 1] * shape[a - 1];
    int64_t total = 1;
    for (int64_t d : shape) total *= d;
    int64_t offset = 0;
    for (int64_t out = 0; out < total; ++out) {
        std::memcpy(dst + out * Size, src + offset * Size, Size);
        for (size_t a = rank; a-- > 0;) {  // advance the C-order index, last axis fastest
            offset += stride[a];
            if (++index[a] < shape[a]) break;
            offset -= stride[a] * shape[a];
            index[a] = 0;
        }
    }
}

void fortranToC(const uint8_t* src, uint8_t* dst, const std::vector<int64_t>& shape, size_t size) {
    switch (size) {
        case 1:
            return fortranToC<1>(src, dst, shape);
        case 2:
            return fortranToC<2>(src, dst, shape);
        case 4:
            return fortranToC<4>(src, dst, shape);
        default:
            return fortranToC<8>(src, dst, shape);
    }
}

}  // namespace

NpyArray NpyArray::decode(AlignedBuffer image, const std::string& file, const std::string& name) {
    NpyArray array;
    array.m_file = file;
    array.m_name = name;
    array.m_header = parseNpyHeader(image.data(), image.size(), file, name);
    const NpyHeader& header = array.m_header;
    const size_t bytes = static_cast<size_t>(header.dataBytes());
    const size_t available = image.size() - header.dataOffset;
    if (bytes != available)
        throw DataError(file, name,
                        "header shape " + header.shapeString() + " of " + dtypeName(header.dtype) +
                            " needs " + std::to_string(bytes) + " bytes of data but " +
                            std::to_string(available) + " are stored");
    const size_t size = dtypeSize(header.dtype);
    array.m_offset = header.dataOffset;
    if (array.m_offset % size !=
        0) {  // unaligned data (unusual header length): move it to the front
        std::memmove(image.data(), image.data() + array.m_offset, bytes);
        array.m_offset = 0;
    }
    uint8_t* data = image.data() + array.m_offset;
    if (header.bigEndian) swapBytes(data, header.elementCount(), size);
    if (header.fortranOrder && header.shape.size() >= 2 && bytes > 0) {
        AlignedBuffer c(bytes);
        fortranToC(data, c.data(), header.shape, size);
        image = std::move(c);
        array.m_offset = 0;
    }
    array.m_buffer = std::move(image);
    return array;
}

NpyArray NpyArray::readFile(const std::string& path) {
    const std::string notRegular = notRegularFileProblem(path);
    if (!notRegular.empty()) throw DataError(path, "", "cannot open: " + notRegular);
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw DataError(path, "", std::string("cannot open: ") + std::strerror(errno));
    std::fseek(f, 0, SEEK_END);
    const long size = std::ftell(f);
    std::fseek(f, 0, SEEK_SET);
    AlignedBuffer image(size > 0 ? static_cast<size_t>(size) : 0);
    const size_t got = size > 0 ? std::fread(image.data(), 1, image.size(), f) : 0;
    std::fclose(f);
    if (size < 0 || got != image.size()) throw DataError(path, "", "cannot read the file");
    std::string name = path.substr(path.find_last_of('/') + 1);
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".npy") == 0)
        name.resize(name.size() - 4);
    return decode(std::move(image), path, name);
}

}  // namespace tpugraphs
