// Coordinate assignment: per layer, an order-preserving weighted least-squares fit of box centres
// to their neighbours' mean x (pool adjacent violators), sweeping down and up.
#include <algorithm>

#include "graphdraw/layered_graph.h"

namespace tpugraphs::drawing_detail {

namespace {

constexpr double kRoutingPointWeight = 4.0;  // keeps long edges straight
constexpr double kFreeWeight = 0.05;         // vertices with no neighbour on the pulling side

enum class Pull { Above, Below, Both };

struct Block {
    double weightedSum;
    double weight;
    double mean;  // weightedSum / weight, kept up to date
    int32_t count;
};

float separation(const LayeredGraph& g, int32_t a, int32_t b, const DrawingOptions& options) {
    const int routing = int(g.isRoutingPoint(a)) + int(g.isRoutingPoint(b));
    const float gap = routing == 0   ? options.nodeGap
                      : routing == 2 ? options.dummyGap
                                     : 0.5f * (options.nodeGap + options.dummyGap);
    return 0.5f * (g.width[a] + g.width[b]) + gap;
}

// Per vertex: the sum of the separations from the first vertex of its layer to it (the order is
// fixed during placement, so this is computed once instead of in every sweep).
std::vector<double> cumulativeSeparations(const LayeredGraph& g, const DrawingOptions& options) {
    std::vector<double> offset(static_cast<size_t>(g.vertexCount()), 0.0);
    for (const std::vector<int32_t>& layer : g.layers)
        for (size_t i = 1; i < layer.size(); ++i)
            offset[layer[i]] =
                offset[layer[i - 1]] + separation(g, layer[i - 1], layer[i], options);
    return offset;
}

// Adds the x of v's neighbours listed in items[start[v] .. start[v + 1]) to sum; their count.
int32_t addNeighbours(const float* x, const int32_t* start, const int32_t* items, int32_t v,
                      double& sum) {
    for (int32_t k = start[v]; k < start[v + 1]; ++k) sum += x[items[k]];
    return start[v + 1] - start[v];
}

// Minimises sum w_i (x_i - target_i)^2 subject to x_{i+1} - x_i >= separation(i, i+1).
// With c_i the cumulative separation, y_i = x_i - c_i must be non-decreasing: isotonic regression.
void fitLayer(LayeredGraph& g, const std::vector<int32_t>& layer, Pull pull,
              const std::vector<double>& offset, std::vector<Block>& blocks) {
    blocks.clear();
    float* const x = g.x.data();
    const bool above = pull != Pull::Below, below = pull != Pull::Above;
    for (const int32_t v : layer) {
        double sum = 0.0;
        int32_t count = 0;
        if (above) count += addNeighbours(x, g.upStart.data(), g.up.data(), v, sum);
        if (below) count += addNeighbours(x, g.downStart.data(), g.down.data(), v, sum);
        Block block;
        block.count = 1;
        if (count == 0) {
            block.weight = kFreeWeight;
            block.weightedSum = kFreeWeight * (x[v] - offset[v]);
            block.mean = block.weightedSum / kFreeWeight;
        } else {
            // Weights 1 and 4 scale exactly: the mean is the difference itself.
            const double target = count == 1 ? sum : sum / count;
            block.mean = target - offset[v];
            block.weight = g.isRoutingPoint(v) ? kRoutingPointWeight : 1.0;
            block.weightedSum = block.weight * block.mean;
        }
        while (!blocks.empty() && blocks.back().mean >= block.mean) {
            const Block& top = blocks.back();
            block.weightedSum += top.weightedSum;
            block.weight += top.weight;
            block.count += top.count;
            block.mean = block.weightedSum / block.weight;
            blocks.pop_back();
        }
        blocks.push_back(block);
    }
    size_t i = 0;
    for (const Block& block : blocks)
        for (int32_t k = 0; k < block.count; ++k, ++i)
            x[layer[i]] = static_cast<float>(block.mean + offset[layer[i]]);
}

void packLayers(LayeredGraph& g, const DrawingOptions& options) {
    for (const std::vector<int32_t>& layer : g.layers) {
        float x = 0.0f;
        for (size_t i = 0; i < layer.size(); ++i) {
            if (i > 0) x += separation(g, layer[i - 1], layer[i], options);
            g.x[layer[i]] = x;
        }
        for (const int32_t v : layer) g.x[v] -= 0.5f * x;  // centre each layer on 0
    }
}

}  // namespace

bool placeCoordinates(LayeredGraph& g, const DrawingOptions& options,
                      const DrawingControl& control) {
    packLayers(g, options);
    const int32_t layerCount = static_cast<int32_t>(g.layers.size());
    const std::vector<double> offset = cumulativeSeparations(g, options);
    std::vector<Block> blocks;
    for (int s = 0; s < options.placementSweeps; ++s) {
        for (int32_t l = 1; l < layerCount; ++l)
            fitLayer(g, g.layers[l], Pull::Above, offset, blocks);
        if (cancelled(control)) return false;
        for (int32_t l = layerCount - 2; l >= 0; --l)
            fitLayer(g, g.layers[l], Pull::Below, offset, blocks);
        if (cancelled(control)) return false;
        report(control, 0.6f + 0.3f * static_cast<float>(s + 1) /
                                   static_cast<float>(std::max(1, options.placementSweeps)));
    }
    for (int32_t l = 0; l < layerCount; ++l) fitLayer(g, g.layers[l], Pull::Both, offset, blocks);
    return !cancelled(control);
}

}  // namespace tpugraphs::drawing_detail
