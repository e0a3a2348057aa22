// Read access to an .npz (a zip of .npy members): libzip for the container, libdeflate inflates
// each member straight into its array's buffer; headers can be read without inflating the data.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "data/npy_array.h"
#include "data/npy_header.h"

namespace tpugraphs {

struct NpzMember {
    std::string name;       // array name: the entry name without ".npy"
    std::string entryName;  // name inside the zip
    uint64_t index = 0;
    int64_t compressedBytes = 0;
    int64_t bytes = 0;  // inflated size of the .npy (header + data)
    uint32_t crc = 0;
    bool deflated = false;  // deflate, else stored
};

class NpzFile {
public:
    // Opens a file or an in-memory image (which must outlive the NpzFile). Throws DataError.
    static NpzFile open(const std::string& path);
    static NpzFile openMemory(const void* data, size_t size, const std::string& label = "<memory>");

    NpzFile(NpzFile&&) noexcept;
    NpzFile& operator=(NpzFile&&) noexcept;
    ~NpzFile();

    const std::string& path() const;
    int64_t fileBytes() const;  // size of the file or image
    const std::vector<NpzMember>& members() const;
    const NpzMember* find(const std::string& name) const;  // nullptr when absent
    // A 64-bit fingerprint of the content, from the central directory alone: every member's
    // name, sizes, method and CRC-32 (which the reads check against the inflated bytes).
    uint64_t contentFingerprint() const;

    // Header of one array, inflating only its first bytes. Throws DataError (also when absent).
    NpyHeader readHeader(const std::string& name);
    // One whole array (CRC-32 checked). Throws DataError.
    NpyArray read(const std::string& name);
    // Several arrays, inflated in parallel on up to `threads` threads (0: one per core).
    std::vector<NpyArray> read(const std::vector<std::string>& names, int threads = 0);
    std::vector<NpyArray> readAll(int threads = 0);

    // Streams one array's data (native endianness, C order) to `consume` in pieces of exactly
    // `chunkBytes` (the last may be shorter), never holding the whole array: for arrays far
    // larger than their useful form. CRC-32 checked at the end. Returns the header. Throws
    // DataError.
    using ChunkConsumer = std::function<void(const uint8_t* data, size_t bytes, int64_t offset)>;
    NpyHeader readChunks(const std::string& name, size_t chunkBytes, const ChunkConsumer& consume);

private:
    struct Impl;
    explicit NpzFile(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace tpugraphs
