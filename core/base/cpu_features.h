// What this CPU is and which vector instructions it can run (CPUID, with the operating system's
// consent from XGETBV): the inputs of the BLAS kernel choice (base/blas_kernel_choice.h).
#pragma once

#include <string>

namespace tpugraphs {

// Instruction sets this process can use: the CPU has them and the OS saves their registers.
struct CpuFeatures {
    bool avx2 = false;        // AVX2 and FMA3 (what OpenBLAS's Haswell kernels use)
    bool avx512 = false;      // AVX-512 F, CD, BW, DQ and VL (OpenBLAS's SkylakeX kernels)
    bool avx512bf16 = false;  // AVX-512 BF16 besides (OpenBLAS's Cooperlake kernels)
};

// The CPU model ("Intel(R) Xeon(R) Platinum 8481C CPU @ 2.70GHz"), from CPUID's brand string or
// /proc/cpuinfo; "unknown" when neither names it.
std::string cpuModel();
// The usable features of this CPU; all false off x86-64.
CpuFeatures cpuFeatures();
// "AVX-512 (BF16), AVX2", "AVX2" or "no AVX2".
std::string cpuFeaturesText(const CpuFeatures& features);

}  // namespace tpugraphs
