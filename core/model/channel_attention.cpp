// Self-channel (squeeze-excitation) attention.
#include "model/channel_attention.h"

#include <algorithm>

namespace tpugraphs {

ChannelAttentionImpl::ChannelAttentionImpl(const ChannelAttentionOptions& options) {
    const int64_t hidden = std::max<int64_t>(1, options.channels / options.reduction);
    squeeze = register_module("squeeze", torch::nn::Linear(options.channels, hidden));
    excite = register_module("excite", torch::nn::Linear(hidden, options.channels));
}

torch::Tensor ChannelAttentionImpl::forward(const torch::Tensor& x, const BatchTopology& topology) {
    auto pooled = meanPerGraph(x, topology);  // [G, (K,) H]
    auto gates = torch::sigmoid(excite(torch::relu(squeeze(pooled))));
    return x * gates.index_select(0, topology.nodeGraph);
}

}  // namespace tpugraphs
