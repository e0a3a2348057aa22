// Named random streams.
#include "train/random_streams.h"

namespace tpugraphs {

namespace {

uint64_t splitmix64(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

}  // namespace

uint64_t streamSeed(uint64_t seed, RandomStream stream, uint64_t index, uint64_t part) {
    uint64_t h = splitmix64(seed);
    h = splitmix64(h ^ static_cast<uint64_t>(stream));
    h = splitmix64(h ^ index);
    return splitmix64(h ^ part);
}

}  // namespace tpugraphs
