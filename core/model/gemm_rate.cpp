// Timing a float32 matrix multiply with LibTorch: split by rows over threads, or on a GPU.
#include "model/gemm_rate.h"

#include <ATen/Parallel.h>
#include <torch/cuda.h>
#include <torch/types.h>

#include <algorithm>
#include <chrono>
#include <functional>

#include "model/torch_device.h"

namespace tpugraphs {

namespace {

// Best GFLOP/s of `product` over `rounds` rounds of about `seconds` each.
double bestRate(const std::function<void()>& product, double flops, double seconds, int rounds) {
    using Clock = std::chrono::steady_clock;
    product();  // warm-up: pages touched, threads started
    double best = 0;
    for (int round = 0; round < rounds; ++round) {
        const auto start = Clock::now();
        int64_t products = 0;
        double elapsed = 0;
        do {
            product();
            ++products;
            elapsed = std::chrono::duration<double>(Clock::now() - start).count();
        } while (elapsed < seconds);
        best = std::max(best, flops * static_cast<double>(products) / elapsed / 1e9);
    }
    return best;
}

}  // namespace

double measureGemmGflops(int64_t rows, int64_t inner, int64_t cols, double seconds,
                         const std::string& device, int rounds) {
    torch::NoGradGuard noGrad;
    const auto on = torch::TensorOptions().device(parseTorchDevice(device));
    const auto a = torch::randn({rows, inner}, on);
    const auto b = torch::randn({inner, cols}, on);
    auto out = torch::empty({rows, cols}, on);
    const double flops =
        2.0 * static_cast<double>(rows) * static_cast<double>(inner) * static_cast<double>(cols);
    if (a.is_cuda()) {
        // Launches are asynchronous: ten products, then wait for the device, per timed unit.
        const int products = 10;
        return bestRate(
            [&] {
                for (int i = 0; i < products; ++i) torch::mm_out(out, a, b);
                torch::cuda::synchronize(a.device().index());
            },
            flops * products, seconds, rounds);
    }
    // The fused kernels' way: row blocks on LibTorch's intra-op threads, one BLAS call each.
    // (One whole product runs on OpenBLAS's own threads, which the product holds to one:
    // train/torch_threads.cpp; it read half of this.)
    const int64_t block = 1024;
    return bestRate(
        [&] {
            at::parallel_for(0, (rows + block - 1) / block, 1, [&](int64_t begin, int64_t end) {
                for (int64_t i = begin; i < end; ++i) {
                    const int64_t start = i * block, count = std::min(block, rows - start);
                    auto part = out.narrow(0, start, count);
                    torch::mm_out(part, a.narrow(0, start, count), b);
                }
            });
        },
        flops, seconds, rounds);
}

}  // namespace tpugraphs
