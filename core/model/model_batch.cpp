// Moving batches between devices and per-graph pooling over block-diagonal node rows.
#include "model/model_batch.h"

namespace tpugraphs {

namespace {
torch::Tensor moved(const torch::Tensor& t, const torch::Device& device) {
    return t.defined() ? t.to(device) : t;
}

// invNodeCount [G] viewed to broadcast against a [G, ...] tensor of `dims` dimensions.
torch::Tensor broadcastRows(const torch::Tensor& perRow, int64_t dims) {
    std::vector<int64_t> shape(static_cast<size_t>(dims), 1);
    shape[0] = perRow.size(0);
    return perRow.view(shape);
}
}  // namespace

ModelBatch ModelBatch::to(const torch::Device& device) const {
    ModelBatch out = *this;
    out.nodeFeat = moved(nodeFeat, device);
    out.opcode = moved(opcode, device);
    out.topology.src = moved(topology.src, device);
    out.topology.dst = moved(topology.dst, device);
    out.topology.invDegIn = moved(topology.invDegIn, device);
    out.topology.invDegOut = moved(topology.invDegOut, device);
    out.topology.nodeGraph = moved(topology.nodeGraph, device);
    out.topology.invNodeCount = moved(topology.invNodeCount, device);
    out.topology.producerStart = moved(topology.producerStart, device);
    out.topology.producers = moved(topology.producers, device);
    out.topology.consumerStart = moved(topology.consumerStart, device);
    out.topology.consumers = moved(topology.consumers, device);
    out.configMask = moved(configMask, device);
    out.configFeat = moved(configFeat, device);
    out.configNodes = moved(configNodes, device);
    out.configHotColumns = moved(configHotColumns, device);
    return out;
}

torch::Tensor sumPerGraph(const torch::Tensor& x, const BatchTopology& topology) {
    auto shape = x.sizes().vec();
    shape[0] = topology.graphs;
    return torch::zeros(shape, x.options()).index_add_(0, topology.nodeGraph, x);
}

torch::Tensor meanPerGraph(const torch::Tensor& x, const BatchTopology& topology) {
    return sumPerGraph(x, topology) * broadcastRows(topology.invNodeCount, x.dim());
}

torch::Tensor maxPerGraph(const torch::Tensor& x, const BatchTopology& topology) {
    // A graph's node rows are contiguous: one max per slice (no scatter needed).
    std::vector<torch::Tensor> maxima;
    int64_t start = 0;
    for (const int64_t count : topology.nodeCounts) {
        maxima.push_back(x.narrow(0, start, count).amax(0));
        start += count;
    }
    return torch::stack(maxima);
}

}  // namespace tpugraphs
