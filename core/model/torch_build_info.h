// What the LibTorch this program runs on offers: its version, the BLAS behind its matrix
// products, its CPU threads and CUDA, as plain values (Help > About, bug reports). No torch here.
#pragma once

#include <string>

namespace tpugraphs {

struct TorchBuildInfo {
    std::string libtorchVersion;  // TORCH_VERSION of the headers built against, e.g. "1.13.0"
    std::string blas;             // e.g. "OpenBLAS 0.3.21 DYNAMIC_ARCH Haswell", or a path
    std::string blasLibrary;      // the shared library dgemm_ resolved to; empty when unknown
    std::string parallelBackend;  // "OpenMP" or "native threads"
    int intraOpThreads = 0;       // LibTorch's intra-op threads now
    bool cudaBuilt = false;       // this LibTorch has CUDA support
    std::string cudaRuntime;      // e.g. "12.1" when cudaBuilt; empty otherwise
    int cudaDevices = 0;          // CUDA devices visible now
};

// Queries the LibTorch, BLAS and CUDA this process has loaded (cheap; CUDA is not initialised
// beyond counting devices).
TorchBuildInfo torchBuildInfo();

}  // namespace tpugraphs
