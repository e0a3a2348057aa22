// Parallel CPU dropout: counter-based masks, forward and backward on the intra-op threads.
#include "model/cpu_dropout.h"

#include <ATen/Parallel.h>
#include <torch/autograd.h>

#include <limits>

#include "model/vector_clones.h"

namespace tpugraphs {

namespace {

constexpr int64_t kGrain = 1 << 15;  // elements per parallel task

// splitmix64's finaliser: a well-mixed 64-bit value of a counter.
uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// mask[2 pair + j] = 1 with probability 1 - p, from 32 bits of one hash per element pair.
TPUGRAPHS_VECTOR_CLONES void maskPairs(uint64_t seed, uint64_t threshold, int64_t begin,
                                       int64_t end, uint8_t* mask) {
    for (int64_t pair = begin; pair < end; ++pair) {
        const uint64_t bits = mix(seed + static_cast<uint64_t>(pair) * 0x9e3779b97f4a7c15ull);
        mask[2 * pair] = (bits & 0xffffffffull) >= threshold;
        mask[2 * pair + 1] = (bits >> 32) >= threshold;
    }
}

TPUGRAPHS_VECTOR_CLONES void scaleByMask(const float* in, const uint8_t* mask, float scale,
                                         int64_t begin, int64_t end, float* out) {
    for (int64_t i = begin; i < end; ++i) out[i] = in[i] * (scale * static_cast<float>(mask[i]));
}

// A mask of n elements (rounded up to pairs: `mask` holds n + 1 bytes) of keep probability 1 - p.
void drawMask(uint64_t seed, double p, int64_t n, uint8_t* mask) {
    const auto threshold = static_cast<uint64_t>(p * 4294967296.0);  // keep when bits >= it
    at::parallel_for(0, (n + 1) / 2, kGrain, [&](int64_t begin, int64_t end) {
        maskPairs(seed, threshold, begin, end, mask);
    });
}

// out = in * mask * scale, element-wise.
void applyMask(const float* in, const uint8_t* mask, float scale, int64_t n, float* out) {
    at::parallel_for(0, n, kGrain, [&](int64_t begin, int64_t end) {
        scaleByMask(in, mask, scale, begin, end, out);
    });
}

struct DropoutFunction : torch::autograd::Function<DropoutFunction> {
    static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& x,
                                 double p) {
        const torch::Tensor input = x.contiguous();
        const auto seed = static_cast<uint64_t>(
            torch::randint(std::numeric_limits<int64_t>::max(), {1}, torch::kLong).item<int64_t>());
        torch::Tensor mask = torch::empty({input.numel() + 1}, torch::kUInt8);
        drawMask(seed, p, input.numel(), mask.data_ptr<uint8_t>());
        const auto scale = static_cast<float>(1.0 / (1.0 - p));
        torch::Tensor y = torch::empty_like(input);
        applyMask(input.data_ptr<float>(), mask.data_ptr<uint8_t>(), scale, input.numel(),
                  y.data_ptr<float>());
        ctx->save_for_backward({mask});
        ctx->saved_data["scale"] = static_cast<double>(scale);
        return y;
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                   torch::autograd::variable_list grads) {
        const torch::Tensor mask = ctx->get_saved_variables()[0];
        const torch::Tensor dy = grads[0].contiguous();
        torch::Tensor dx = torch::empty_like(dy);
        applyMask(dy.data_ptr<float>(), mask.data_ptr<uint8_t>(),
                  static_cast<float>(ctx->saved_data["scale"].toDouble()), dy.numel(),
                  dx.data_ptr<float>());
        return {dx, torch::Tensor()};
    }
};

}  // namespace

torch::Tensor cpuDropout(const torch::Tensor& x, double p, bool training) {
    if (!training || p <= 0) return x;
    return DropoutFunction::apply(x, p);
}

}  // namespace tpugraphs
