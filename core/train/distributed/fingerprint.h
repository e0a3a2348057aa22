// A 64-bit fingerprint of bytes (FNV-1a), to compare weights or data across ranks cheaply.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace tpugraphs {

constexpr uint64_t kFingerprintSeed = 14695981039346656037ull;

// Continues `seed` (a previous fingerprint) over `size` bytes at `data`.
uint64_t fingerprint(const void* data, size_t size, uint64_t seed = kFingerprintSeed);
uint64_t fingerprint(const std::string& text, uint64_t seed = kFingerprintSeed);

}  // namespace tpugraphs
