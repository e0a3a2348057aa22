// Deterministic HLO-like random graph generator (own arithmetic on mt19937 for portability).
#include "synth/synthetic_dag.h"

#include <algorithm>
#include <random>

namespace tpugraphs {

namespace {

class Draw {
public:
    explicit Draw(uint32_t seed) : m_engine(seed) {}
    // Uniform integer in [0, bound).
    uint32_t below(uint32_t bound) {
        return static_cast<uint32_t>((static_cast<uint64_t>(m_engine()) * bound) >> 32);
    }
    bool chance(uint32_t percent) { return below(100) < percent; }

private:
    std::mt19937 m_engine;
};

// Opcode ids: parameter, constant | add, multiply, subtract, maximum, select, convert |
// broadcast, get-tuple-element, slice, concatenate | dot, convolution, reshape, transpose |
// reduce, tuple
constexpr uint8_t kSources[] = {63, 24};
constexpr uint8_t kCommon[] = {2, 59, 95, 57, 83, 25, 13, 45, 92, 22, 70, 100};
constexpr uint8_t kConfigurable[] = {34, 26, 75, 98};

}  // namespace

GraphTopology makeSyntheticTopology(int32_t nodeCount, uint32_t seed) {
    Draw draw(seed);
    GraphTopology t;
    t.nodeCount = std::max(0, nodeCount);
    t.opcode.resize(t.nodeCount);
    for (int32_t v = 0; v < t.nodeCount; ++v) {
        if (v == 0 || draw.chance(15)) {
            t.opcode[v] = kSources[draw.below(2)];
            continue;
        }
        if (draw.chance(4)) {
            t.opcode[v] = kConfigurable[draw.below(4)];
            t.configurable.push_back(v);
        } else {
            t.opcode[v] = kCommon[draw.below(sizeof(kCommon))];
        }
        const uint32_t inputs = 1 + draw.below(3);
        for (uint32_t i = 0; i < inputs; ++i) {
            uint32_t distance;
            if (draw.chance(3)) {
                distance = 1 + draw.below(static_cast<uint32_t>(v));  // long range
            } else {
                distance = 1 + draw.below(8) * (1 + draw.below(4));  // recent
                distance = std::min<uint32_t>(distance, static_cast<uint32_t>(v));
            }
            t.edgeFrom.push_back(v - static_cast<int32_t>(distance));
            t.edgeTo.push_back(v);
        }
    }
    t.computationStart.push_back(0);
    for (int32_t s = 5000; s < t.nodeCount; s += 5000) t.computationStart.push_back(s);
    t.computationStart.push_back(t.nodeCount);
    if (t.nodeCount == 0) t.computationStart = {0, 0};
    return t;
}

}  // namespace tpugraphs
