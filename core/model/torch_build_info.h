// What the LibTorch this program runs on offers: its version, its CPU threads and CUDA, as plain
// values (Help > About, bug reports; the BLAS under it: base/blas_report.h). No torch here.
#pragma once

#include <string>

namespace tpugraphs {

struct TorchBuildInfo {
    std::string libtorchVersion;  // TORCH_VERSION of the headers built against, e.g. "1.13.0"
    std::string parallelBackend;  // "OpenMP" or "native threads"
    int intraOpThreads = 0;       // LibTorch's intra-op threads now
    bool cudaBuilt = false;       // this LibTorch has CUDA support
    std::string cudaRuntime;      // e.g. "12.1" when cudaBuilt; empty otherwise
    int cudaDevices = 0;          // CUDA devices visible now
};

// Queries the LibTorch and CUDA this process has loaded (cheap; CUDA is not initialised
// beyond counting devices).
TorchBuildInfo torchBuildInfo();

}  // namespace tpugraphs
