// NpzWriter: npy v1 images assembled in memory, zipped by libzip (deflate) in memory, written
// by the one atomic writer.
#include "data/npz_writer.h"

#include <zip.h>

#include <algorithm>
#include <cstring>

#include "base/atomic_file.h"
#include "data/data_error.h"
#include "data/libzip_first_open.h"

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
    writeFileAtomically(path, zipBytes(path));
}

std::string NpzWriter::zipBytes(const std::string& path) const {
    prepareLibzipForThreads();
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
    zip_t* zip = buffer ? zip_open_from_source(buffer, ZIP_TRUNCATE, &error) : nullptr;
    if (!zip) {
        if (buffer) zip_source_free(buffer);
        throw DataError(path, "",
                        std::string("cannot build the archive: ") + zip_error_strerror(&error));
    }
    zip_source_keep(buffer);  // kept past zip_close: it holds the archive's bytes
    auto fail = [&](const std::string& array, const std::string& problem) {
        zip_discard(zip);
        zip_source_free(buffer);
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
    if (zip_close(zip) != 0) fail("", std::string("cannot compress: ") + zip_strerror(zip));
    std::string bytes;
    if (zip_source_open(buffer) == 0) {
        zip_source_seek(buffer, 0, SEEK_END);
        bytes.resize(static_cast<size_t>(std::max<zip_int64_t>(0, zip_source_tell(buffer))));
        zip_source_seek(buffer, 0, SEEK_SET);
        const zip_int64_t read = zip_source_read(buffer, bytes.data(), bytes.size());
        zip_source_close(buffer);
        if (read != static_cast<zip_int64_t>(bytes.size())) bytes.clear();
    }
    zip_source_free(buffer);
    if (bytes.empty()) throw DataError(path, "", "cannot read back the archive built in memory");
    return bytes;
}

}  // namespace tpugraphs
