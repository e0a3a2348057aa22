// GraphSAGE layer with mean aggregation over producers (and consumers) via index_add.
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/pimpl.h>

#include "model/model_batch.h"

namespace tpugraphs {

struct SageConvOptions {
    int64_t in = 0;
    int64_t out = 0;
    bool bidirectional = true;  // also aggregate over the consumers of each node
};

// out = W_self x + W_in mean(producers) [+ W_out mean(consumers)], on node-major x of shape
// [N, H] or [N, K, H] (per-config node states).
struct SageConvImpl : torch::nn::Module {
    explicit SageConvImpl(const SageConvOptions& options);
    torch::Tensor forward(const torch::Tensor& x, const BatchTopology& topology);

    SageConvOptions options;
    torch::nn::Linear self{nullptr}, producers{nullptr}, consumers{nullptr};
};
TORCH_MODULE(SageConv);

// Mean of x over `from` rows into `to` rows: x [N, ...] -> [N, ...], scaled by invDeg [N].
torch::Tensor meanAggregate(const torch::Tensor& x, const torch::Tensor& from,
                            const torch::Tensor& to, const torch::Tensor& invDeg);

}  // namespace tpugraphs
