// Per-graph runtime statistics for the dataset tree (computed lazily, after the header scan).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tpugraphs {

struct LoadedGraph;

struct RuntimeStats {
    bool computed = false;  // false until the background job has loaded the graph
    bool measured = false;  // false when every runtime is 0 (test split)
    int64_t distinctConfigs = 0;
    double min = 0, median = 0, max = 0;
    double bestOverMedian = 0;  // median / min: the speed-up of the best config over the median
    std::string error;          // non-empty when the graph could not be loaded
};

RuntimeStats computeRuntimeStats(const LoadedGraph& graph);
// Configs with identical feature values (tile: 24 features; layout: all configurable nodes).
int64_t countDistinctConfigs(const LoadedGraph& graph);
// Distinct byte strings among `rows` consecutive rows of `rowBytes` bytes each.
int64_t countDistinctRows(const void* data, size_t rows, size_t rowBytes);
// Median of a copy of `values` (mean of the two middle values for an even count); 0 when empty.
double medianOf(std::vector<double> values);

}  // namespace tpugraphs
