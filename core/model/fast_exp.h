// exp(x) for float in a form the compiler vectorises (no library call, no branch): used by the
// fused kernels' softmax, where LibTorch's softmax and its SLEEF exp took about 6 % of a step.
#pragma once

#include <cstdint>
#include <cstring>

#include "model/vector_clones.h"

namespace tpugraphs::kernels {

// exp(x), relative error under 1e-7 for x in [-87.3, 88.3] (clamped outside): x = n ln 2 + r with
// |r| <= ln 2 / 2, exp(r) by Cephes' degree-7 polynomial for expf, 2^n written into the exponent.
TPUGRAPHS_INLINE_IN_CLONES float fastExp(float x) {
    x = x < -87.3f ? -87.3f : (x > 88.3f ? 88.3f : x);
    constexpr float kRound = 12582912.0f;  // 1.5 * 2^23: adding it rounds to an integer
    const float n = (x * 1.44269504f + kRound) - kRound;
    const float r = x - n * 0.693359375f + n * 2.12194440e-4f;  // ln 2 in two parts
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    p = p * r * r + r + 1.0f;
    const int32_t bits = (static_cast<int32_t>(n) + 127) << 23;
    float scale;
    std::memcpy(&scale, &bits, sizeof scale);
    return p * scale;
}

}  // namespace tpugraphs::kernels
