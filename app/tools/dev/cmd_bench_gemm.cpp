// `tpugraphs-dev bench gemm`: the machine's float32 matrix-product rate at the layout model's
// shape, on the BLAS kernels this process runs (the figures guard's header; the kernel
// comparisons of docs/BENCHMARKS.md#the-blas-kernel).
#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>

#include "bench_registry.h"
#include "common/command_registry.h"
#include "model/gemm_rate.h"
#include "train/torch_threads.h"

namespace {

struct GemmBenchArgs {
    // The real nlp graph's 2,850 pruned nodes x 64 configs per step, hidden 64: what the fused
    // blocks multiply (bench train --graph times the same shape as its utilisation reference).
    int64_t rows = 2850 * 64;
    int64_t inner = 64;
    int64_t cols = 64;
    int rounds = 10;
};

void setupBenchGemm(CLI::App& app) {
    auto a = std::make_shared<GemmBenchArgs>();
    auto* cmd = tpugraphs::cli::benchCommand(app)->add_subcommand(
        "gemm", "GEMM rate at the layout model's shape (best of N rounds of 0.3 s)");
    cmd->add_option("--rows", a->rows, "Rows of the left matrix")->capture_default_str();
    cmd->add_option("--inner", a->inner, "Inner dimension")->capture_default_str();
    cmd->add_option("--cols", a->cols, "Columns of the right matrix")->capture_default_str();
    cmd->add_option("--rounds", a->rounds, "Timed rounds (the best is printed)")
        ->check(CLI::Range(1, 100))
        ->capture_default_str();
    cmd->callback([a] {
        const double gflops =
            tpugraphs::measureGemmGflops(a->rows, a->inner, a->cols, 0.3, "cpu", a->rounds);
        std::printf("GEMM [%lld x %lld] x [%lld x %lld], %d threads: %.1f GFLOP/s (best of %d)\n",
                    static_cast<long long>(a->rows), static_cast<long long>(a->inner),
                    static_cast<long long>(a->inner), static_cast<long long>(a->cols),
                    tpugraphs::torchThreads(), gflops, a->rounds);
    });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupBenchGemm);
