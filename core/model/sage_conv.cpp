// GraphSAGE layer with mean aggregation.
#include "model/sage_conv.h"

namespace tpugraphs {

torch::Tensor meanAggregate(const torch::Tensor& x, const torch::Tensor& from,
                            const torch::Tensor& to, const torch::Tensor& invDeg) {
    auto sum = torch::zeros_like(x).index_add_(0, to, x.index_select(0, from));
    std::vector<int64_t> shape(static_cast<size_t>(x.dim()), 1);
    shape[0] = x.size(0);
    return sum * invDeg.view(shape);
}

SageConvImpl::SageConvImpl(const SageConvOptions& options_) : options(options_) {
    self = register_module("self", torch::nn::Linear(options.in, options.out));
    producers = register_module(
        "producers",
        torch::nn::Linear(torch::nn::LinearOptions(options.in, options.out).bias(false)));
    if (options.bidirectional)
        consumers = register_module(
            "consumers",
            torch::nn::Linear(torch::nn::LinearOptions(options.in, options.out).bias(false)));
}

torch::Tensor SageConvImpl::forward(const torch::Tensor& x, const BatchTopology& topology) {
    auto out = self(x) + producers(meanAggregate(x, topology.src, topology.dst, topology.invDegIn));
    if (options.bidirectional)
        out = out + consumers(meanAggregate(x, topology.dst, topology.src, topology.invDegOut));
    return out;
}

}  // namespace tpugraphs
