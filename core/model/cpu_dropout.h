// Dropout on the CPU with its mask drawn in parallel: LibTorch 1.13's CPU bernoulli_ draws one
// 64-bit number per element, serially under the generator's lock (its random64 alone was 5.9 %
// of a 2-thread layout training run's cycles on the real nlp graph, on one core while the other
// waited).
#pragma once

#include <torch/types.h>

namespace tpugraphs {

// x with each element zeroed with probability p and the rest scaled by 1 / (1 - p) when
// training (x itself otherwise). The mask is a hash of (seed, element index), the seed one
// draw from LibTorch's default generator: torch::manual_seed fixes the masks. Keeps a 1-byte
// mask for backward. x: float, on the CPU.
torch::Tensor cpuDropout(const torch::Tensor& x, double p, bool training);

}  // namespace tpugraphs
