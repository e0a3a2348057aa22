// Whether to keep the BLAS kernels the library picked for this CPU or to ask OpenBLAS for
// better ones: a pure decision over recorded facts, so that every case can be tested anywhere.
//
// Debian 12's OpenBLAS (0.3.21) does not recognise some CPUs newer than itself (Sapphire
// Rapids) and falls back to its generic SSE3 "Prescott" kernels: matrix products at a third of
// the machine's rate (docs/BENCHMARKS.md#the-blas-kernel). OPENBLAS_CORETYPE, read when the
// library loads, makes it use the kernels named.
#pragma once

#include <string>
#include <vector>

#include "base/cpu_features.h"

namespace tpugraphs {

enum class BlasKind {
    OpenBlasDynamic,  // OpenBLAS built with DYNAMIC_ARCH: kernels for many CPUs, one picked at load
    OpenBlasOneCpu,   // OpenBLAS built for one CPU: OPENBLAS_CORETYPE does nothing
    Other,            // another BLAS (BLIS, MKL, the reference BLAS) or none found
};

struct BlasKernelInputs {
    BlasKind kind = BlasKind::Other;
    std::string kernel;        // the kernels the library runs (openblas_get_corename())
    CpuFeatures cpu;           // what this CPU can run
    bool coreTypeSet = false;  // OPENBLAS_CORETYPE set by the user or the system: never overridden
    bool autoSelect = true;    // false when TPUGRAPHS_BLAS_AUTOSELECT=0
};

struct BlasKernelDecision {
    std::string kernel;  // the OpenBLAS kernels to select; empty: keep the library's choice
    std::string reason;  // why, in a few words ("generic Prescott kernels on an AVX-512 CPU")
    bool selects() const { return !kernel.empty(); }
};

// Selects only when OpenBLAS (DYNAMIC_ARCH) runs a generic pre-AVX fallback on a CPU that can
// run AVX2 (-> Haswell) or AVX-512 (-> SkylakeX), and nobody set OPENBLAS_CORETYPE; a kernel
// OpenBLAS chose knowingly (Haswell on an AVX-512 CPU, Zen) is kept.
BlasKernelDecision chooseBlasKernel(const BlasKernelInputs& inputs);

// The kernel names OpenBLAS's DYNAMIC_ARCH builds report (x86-64 and ARM64, as spelled by
// openblas_get_corename()).
const std::vector<std::string>& openBlasKernelNames();
// True when `kernel` is one of openBlasKernelNames(), in any case.
bool isOpenBlasKernelName(const std::string& kernel);

}  // namespace tpugraphs
