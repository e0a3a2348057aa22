// Graph Segment Training's segment draws and its table of stale segment scores.
#include "train/segment_training.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace tpugraphs {

std::vector<float> SegmentStep::staleSlots(const std::vector<size_t>& group, int64_t k) const {
    std::vector<float> slots;
    slots.reserve(group.size() * static_cast<size_t>(k));
    for (size_t i : group)
        for (int64_t slot = 0; slot < k; ++slot)
            slots.push_back(stale[i][static_cast<size_t>(slot) % stale[i].size()]);
    return slots;
}

SegmentTraining::SegmentTraining(const std::vector<PreparedGraph>& train, int64_t segmentNodes)
    : m_tables(train.size()) {
    for (size_t i = 0; i < train.size(); ++i) {
        m_segments.push_back(graphSegments(train[i], segmentNodes));
        m_configs.push_back(train[i].configCount());
        m_index[&train[i]] = i;
    }
}

float* SegmentTraining::table(size_t graph) {
    std::vector<float>& t = m_tables[graph];
    if (t.empty())
        t.assign(m_segments[graph].size() * static_cast<size_t>(m_configs[graph]),
                 std::numeric_limits<float>::quiet_NaN());
    return t.data();
}

SegmentStep SegmentTraining::begin(const std::vector<BatchItem>& items, std::mt19937_64& rng,
                                   const SegmentScorer& score) {
    SegmentStep step;
    step.items = items;
    for (BatchItem& item : step.items) {
        const auto found = m_index.find(item.graph);
        if (found == m_index.end())
            throw std::invalid_argument("segment training: " + item.graph->name +
                                        " is not a train graph");
        const size_t g = found->second;
        const std::vector<NodeRange>& segments = m_segments[g];
        size_t trained = 0;
        if (segments.size() > 1)
            trained = std::uniform_int_distribution<size_t>(0, segments.size() - 1)(rng);
        item.rows = segments[trained];
        step.graphs.push_back(g);
        step.segments.push_back(trained);
        std::vector<float> stale(item.configs.size(), 0.0f);
        if (segments.size() > 1) {
            float* t = table(g);
            const int64_t configs = m_configs[g];
            for (size_t s = 0; s < segments.size(); ++s) {
                if (s == trained) continue;
                float* known = t + static_cast<int64_t>(s) * configs;
                bool missing = false;
                for (int64_t c : item.configs) missing = missing || std::isnan(known[c]);
                if (missing) {
                    BatchItem other = item;
                    other.rows = segments[s];
                    const std::vector<float> scores = score(other);
                    for (size_t i = 0; i < scores.size(); ++i) known[item.configs[i]] = scores[i];
                }
                for (size_t i = 0; i < stale.size(); ++i) stale[i] += known[item.configs[i]];
            }
        }
        step.stale.push_back(std::move(stale));
    }
    return step;
}

void SegmentTraining::remember(const SegmentStep& step, size_t i, const float* scores) {
    const size_t g = step.graphs[i];
    if (m_segments[g].size() < 2) return;
    float* known = table(g) + static_cast<int64_t>(step.segments[i]) * m_configs[g];
    const std::vector<int64_t>& configs = step.items[i].configs;
    for (size_t c = 0; c < configs.size(); ++c) known[configs[c]] = scores[c];
}

size_t SegmentTraining::cutGraphs() const {
    size_t cut = 0;
    for (const auto& segments : m_segments) cut += segments.size() > 1;
    return cut;
}

int64_t SegmentTraining::tableBytes() const {
    int64_t bytes = 0;
    for (const auto& t : m_tables) bytes += static_cast<int64_t>(t.size() * sizeof(float));
    return bytes;
}

}  // namespace tpugraphs
