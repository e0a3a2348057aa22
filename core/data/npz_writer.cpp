// NpzWriter: npy v1 images assembled in memory, zipped by libzip (deflate), written atomically.
#include "data/npz_writer.h"

#include <zip.h>

#include <cstring>

#include "base/atomic_file.h"
#include "data/data_error.h"

namespace tpugraphs {

void NpzWriter::add(const std::string& name, DType dtype, const std::vector<int64_t>& shape,
                    const void* data, bool fortranOrder) {
    int64_t count = 1;
    for (int64_t d : shape) count *= d;
    const size_t size = dtypeSize(dtype);
    const size_t bytes = static_cast<size_t>(count) * size;
    const bool transpose = fortranOrder && shape.size() == 2;
    const std::string header = formatNpyHeader(dtype, shape, transpose);
    Member member{name, std::vector<uint8_t>(header.size() + bytes)};
    std::memcpy(member.image.data(), header.data(), header.size());
    uint8_t* out = member.image.data() + header.size();
    const auto* in = static_cast<const uint8_t*>(data);
    if (transpose) {
        const int64_t rows = shape[0], cols = shape[1];
        for (int64_t i = 0; i < rows; ++i)
            for (int64_t j = 0; j < cols; ++j)
                std::memcpy(out + (j * rows + i) * size, in + (i * cols + j) * size, size);
    } else if (bytes) {
        std::memcpy(out, in, bytes);
    }
    m_members.push_back(std::move(member));
}

void NpzWriter::write(const std::string& path) const {
    if (m_members.empty()) throw DataError(path, "", "nothing to write: no arrays were added");
    produceFileAtomically(path, [&](const std::string& temporary) { writeZip(path, temporary); });
}

void NpzWriter::writeZip(const std::string& path, const std::string& temporary) const {
    int error = 0;
    zip_t* zip = zip_open(temporary.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
    if (!zip) throw DataError(path, "", "cannot create the file");
    auto fail = [&](const std::string& array, const std::string& problem) {
        zip_discard(zip);
        throw DataError(path, array, problem);
    };
    for (const Member& m : m_members) {
        zip_source_t* source = zip_source_buffer(zip, m.image.data(), m.image.size(), 0);
        if (!source) fail(m.name, std::string("cannot add: ") + zip_strerror(zip));
        const zip_int64_t index =
            zip_file_add(zip, (m.name + ".npy").c_str(), source, ZIP_FL_ENC_UTF_8);
        if (index < 0) {
            zip_source_free(source);
            fail(m.name, std::string("cannot add: ") + zip_strerror(zip));
        }
        const zip_int32_t method = m_level > 0 ? ZIP_CM_DEFLATE : ZIP_CM_STORE;
        if (zip_set_file_compression(zip, static_cast<zip_uint64_t>(index), method,
                                     static_cast<zip_uint32_t>(m_level)) != 0)
            fail(m.name, std::string("cannot set compression: ") + zip_strerror(zip));
        // A fixed member timestamp (2020-01-01): the same arrays always give the same bytes.
        zip_file_set_mtime(zip, static_cast<zip_uint64_t>(index), 1577880000, 0);
    }
    if (zip_close(zip) != 0) fail("", std::string("cannot write: ") + zip_strerror(zip));
}

}  // namespace tpugraphs
