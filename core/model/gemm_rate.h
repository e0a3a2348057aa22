// The float32 matrix-multiply rate of this machine at a given shape (plain header, torch inside).
#pragma once

#include <cstdint>
#include <string>

namespace tpugraphs {

// GFLOP/s (2 * rows * inner * cols per product) of [rows, inner] x [inner, cols] on `device`
// ("cpu", "cuda[:N]"): the best of `rounds` timed rounds of about `seconds` each. On the CPU, row
// blocks of 1024 on LibTorch's intra-op threads (one BLAS call each, as the fused kernels run);
// on a GPU, whole products in LibTorch's default float32 mode, timed up to the device's
// completion.
double measureGemmGflops(int64_t rows, int64_t inner, int64_t cols, double seconds = 0.3,
                         const std::string& device = "cpu", int rounds = 3);

}  // namespace tpugraphs
