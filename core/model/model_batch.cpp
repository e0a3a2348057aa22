// Moving batches between devices and per-graph pooling over block-diagonal node rows.
#include "model/model_batch.h"

#include <limits>

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
    out.configFeat = moved(configFeat, device);
    out.configNodes = moved(configNodes, device);
    out.configOneHot = moved(configOneHot, device);
    return out;
}

torch::Tensor sumPerGraph(const torch::Tensor& x, const GraphTopology& topology) {
    auto shape = x.sizes().vec();
    shape[0] = topology.graphs;
    return torch::zeros(shape, x.options()).index_add_(0, topology.nodeGraph, x);
}

torch::Tensor meanPerGraph(const torch::Tensor& x, const GraphTopology& topology) {
    return sumPerGraph(x, topology) * broadcastRows(topology.invNodeCount, x.dim());
}

torch::Tensor maxPerGraph(const torch::Tensor& x, const GraphTopology& topology) {
    auto index = topology.nodeGraph.unsqueeze(1).expand_as(x);
    auto init = torch::full({topology.graphs, x.size(1)}, -std::numeric_limits<float>::infinity(),
                            x.options());
    return init.scatter_reduce(0, index, x, "amax", true);
}

}  // namespace tpugraphs
