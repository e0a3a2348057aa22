// Test helper: builds .npy images and zip archives byte by byte, so tests can corrupt any field.
#pragma once

#include <libdeflate.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "data/npy_header.h"

namespace tpugraphs::test {

using Bytes = std::vector<uint8_t>;

// A .npy image with a well-formed v1 header.
template <typename T>
Bytes npy(const std::vector<T>& values, const std::vector<int64_t>& shape) {
    const std::string h = formatNpyHeader(dtypeOf<T>(), shape, false);
    Bytes out(h.begin(), h.end());
    const auto* p = reinterpret_cast<const uint8_t*>(values.data());
    out.insert(out.end(), p, p + values.size() * sizeof(T));
    return out;
}

// A .npy image with a hand-written header dictionary (any text) and raw data.
inline Bytes npyRaw(const std::string& dict, const Bytes& data, int version = 1) {
    Bytes out = {0x93, 'N', 'U', 'M', 'P', 'Y', uint8_t(version), 0};
    const size_t length = dict.size();
    out.push_back(uint8_t(length));
    out.push_back(uint8_t(length >> 8));
    if (version > 1) out.insert(out.end(), {0, 0});
    out.insert(out.end(), dict.begin(), dict.end());
    out.insert(out.end(), data.begin(), data.end());
    return out;
}

struct ZipEntry {
    std::string name;
    uint16_t method = 8;  // 8 deflate, 0 stored
    Bytes payload;        // bytes as stored in the archive
    uint32_t crc = 0;
    uint32_t size = 0;                // declared uncompressed size
    int64_t declaredCompressed = -1;  // declared compressed size when >= 0 (else the payload's)
};

inline ZipEntry zipEntry(const std::string& name, const Bytes& content, bool deflate = true) {
    ZipEntry e;
    e.name = name;
    e.crc = uint32_t(libdeflate_crc32(0, content.data(), content.size()));
    e.size = uint32_t(content.size());
    if (!deflate) {
        e.method = 0;
        e.payload = content;
        return e;
    }
    libdeflate_compressor* c = libdeflate_alloc_compressor(6);
    e.payload.resize(libdeflate_deflate_compress_bound(c, content.size()));
    e.payload.resize(libdeflate_deflate_compress(c, content.data(), content.size(),
                                                 e.payload.data(), e.payload.size()));
    libdeflate_free_compressor(c);
    return e;
}

inline void put16(Bytes& b, uint32_t v) {
    b.insert(b.end(), {uint8_t(v), uint8_t(v >> 8)});
}
inline void put32(Bytes& b, uint32_t v) {
    b.insert(b.end(), {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)});
}

// A plain (non-zip64) archive: local headers + data, central directory, end record.
inline Bytes buildZip(const std::vector<ZipEntry>& entries) {
    Bytes out, central;
    for (const ZipEntry& e : entries) {
        const uint32_t offset = uint32_t(out.size());
        for (Bytes* b : {&out, &central}) {
            const bool local = b == &out;
            put32(*b, local ? 0x04034b50 : 0x02014b50);
            if (!local) put16(*b, 20);
            put16(*b, 20);
            put16(*b, 0);
            put16(*b, e.method);
            put16(*b, 0);
            put16(*b, 0x21);
            put32(*b, e.crc);
            put32(*b, uint32_t(e.declaredCompressed >= 0 ? e.declaredCompressed
                                                         : int64_t(e.payload.size())));
            put32(*b, e.size);
            put16(*b, uint32_t(e.name.size()));
            put16(*b, 0);
            if (!local) {
                put16(*b, 0);
                put16(*b, 0);
                put16(*b, 0);
                put32(*b, 0);
                put32(*b, offset);
            }
            b->insert(b->end(), e.name.begin(), e.name.end());
        }
        out.insert(out.end(), e.payload.begin(), e.payload.end());
    }
    const uint32_t centralOffset = uint32_t(out.size());
    out.insert(out.end(), central.begin(), central.end());
    put32(out, 0x06054b50);
    put16(out, 0);
    put16(out, 0);
    put16(out, uint32_t(entries.size()));
    put16(out, uint32_t(entries.size()));
    put32(out, uint32_t(central.size()));
    put32(out, centralOffset);
    put16(out, 0);
    return out;
}

}  // namespace tpugraphs::test
