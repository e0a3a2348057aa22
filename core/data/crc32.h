// CRC-32 (the zip polynomial), computed by libdeflate: the checksum of zip members and of the
// prepared-graph cache's entries.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tpugraphs {

// The CRC-32 of `bytes` bytes at `data`, continuing from `crc` (0 to start).
uint32_t crc32Of(const void* data, size_t bytes, uint32_t crc = 0);

}  // namespace tpugraphs
