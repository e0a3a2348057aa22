// Timing a float32 matrix multiply with LibTorch.
#include "model/gemm_rate.h"

#include <torch/types.h>

#include <algorithm>
#include <chrono>

namespace tpugraphs {

double measureGemmGflops(int64_t rows, int64_t inner, int64_t cols, double seconds) {
    using Clock = std::chrono::steady_clock;
    torch::NoGradGuard noGrad;
    const auto a = torch::randn({rows, inner});
    const auto b = torch::randn({inner, cols});
    auto out = torch::empty({rows, cols});
    torch::mm_out(out, a, b);  // warm-up: pages touched, BLAS threads started
    const double flops =
        2.0 * static_cast<double>(rows) * static_cast<double>(inner) * static_cast<double>(cols);
    double best = 0;
    for (int round = 0; round < 3; ++round) {
        const auto start = Clock::now();
        int64_t products = 0;
        double elapsed = 0;
        do {
            torch::mm_out(out, a, b);
            ++products;
            elapsed = std::chrono::duration<double>(Clock::now() - start).count();
        } while (elapsed < seconds);
        best = std::max(best, flops * static_cast<double>(products) / elapsed / 1e9);
    }
    return best;
}

}  // namespace tpugraphs
