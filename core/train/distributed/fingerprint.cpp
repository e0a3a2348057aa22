// FNV-1a over bytes.
#include "train/distributed/fingerprint.h"

namespace tpugraphs {

uint64_t fingerprint(const void* data, size_t size, uint64_t seed) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    uint64_t hash = seed;
    for (size_t i = 0; i < size; ++i) hash = (hash ^ bytes[i]) * 1099511628211ull;
    return hash;
}

uint64_t fingerprint(const std::string& text, uint64_t seed) {
    return fingerprint(text.data(), text.size(), seed);
}

}  // namespace tpugraphs
