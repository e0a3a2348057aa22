// Graph Segment Training, the step's side: each step trains one segment of a cut graph, drawn
// at random, and the graph's other segments stand in with their last known scores (the
// paper's historical embedding table; with the node-score-sum readout a segment's share of a
// config's score is one number). Scores not known yet are computed without gradients when a
// step first needs them. Plain C++: the caller supplies the model's forward pass.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <unordered_map>
#include <vector>

#include "model/graph_batch.h"
#include "prepare/graph_segments.h"

namespace tpugraphs {

// Scores of item.configs on the segment item.rows, in order (no gradients, no dropout).
using SegmentScorer = std::function<std::vector<float>(const BatchItem& item)>;

// A step's items narrowed to the segments they train, with the stand-in scores of the rest.
struct SegmentStep {
    std::vector<BatchItem> items;
    std::vector<size_t> graphs;             // per item: index of its graph in the train set
    std::vector<size_t> segments;           // per item: the segment it trains
    std::vector<std::vector<float>> stale;  // per item and config: the other segments' scores

    // The stale scores of items[group] in buildGraphBatch's [G, K] slots (row-major; a padded
    // slot repeats config slot % n as the batch does).
    std::vector<float> staleSlots(const std::vector<size_t>& group, int64_t k) const;
};

class SegmentTraining {
public:
    // The segments of every train graph at `segmentNodes` rows each (graph_segments.h).
    SegmentTraining(const std::vector<PreparedGraph>& train, int64_t segmentNodes);

    // Narrows each item (whose graph is one of the train graphs) to a segment drawn with
    // `rng`; graphs of one segment draw nothing and have no stale scores.
    SegmentStep begin(const std::vector<BatchItem>& items, std::mt19937_64& rng,
                      const SegmentScorer& score);
    // Stores the trained segment's fresh scores of item i of `step` (one per config).
    void remember(const SegmentStep& step, size_t i, const float* scores);

    size_t cutGraphs() const;  // train graphs of more than one segment
    size_t segmentCount(size_t graph) const { return m_segments[graph].size(); }
    int64_t tableBytes() const;

private:
    float* table(size_t graph);  // [segments, configs], NaN = not known yet

    std::vector<std::vector<NodeRange>> m_segments;
    std::vector<int64_t> m_configs;
    std::unordered_map<const PreparedGraph*, size_t> m_index;
    std::vector<std::vector<float>> m_tables;  // allocated when a step first needs one
};

}  // namespace tpugraphs
