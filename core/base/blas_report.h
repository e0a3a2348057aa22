// Which BLAS this process runs its matrix products on, with which kernels, on which CPU: for
// `--version`, Help > About, every benchmark's header and the figures guard. Read from the
// dynamic linker (no link-time dependency on OpenBLAS: Debian's alternatives choose the BLAS).
#pragma once

#include <string>

#include "base/blas_kernel_choice.h"
#include "base/cpu_features.h"

namespace tpugraphs {

struct BlasReport {
    BlasKind kind = BlasKind::Other;
    std::string library;          // "OpenBLAS 0.3.21"; for another BLAS its file; "unknown"
    std::string libraryPath;      // the file dgemm_ resolved to, links followed; empty when unknown
    std::string config;           // openblas_get_config(); empty for another BLAS
    std::string kernel;           // openblas_get_corename(); "unknown" for another BLAS
    std::string chosenByLibrary;  // the kernel OpenBLAS picked when this program selected
                                  // `kernel` instead (base/blas_kernel_startup.h); else empty
    std::string cpuModel;
    CpuFeatures cpu;
    int cores = 0;  // logical cores this process may use
};

// Reads the facts of this process now (cheap: a few dlsym and CPUID calls).
BlasReport blasReport();
// "OpenBLAS 0.3.21 (DYNAMIC_ARCH), kernel Zen", ending in "(selected; OpenBLAS chose
// Prescott)" when this program selected the kernel.
std::string blasText(const BlasReport& report);
// "AMD EPYC, 2 cores, AVX2".
std::string cpuText(const BlasReport& report);
// Both, as the two lines `--version` and the benchmarks print: "BLAS: ...\nCPU: ...".
std::string blasReportText(const BlasReport& report);

}  // namespace tpugraphs
