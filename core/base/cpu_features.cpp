// CPUID and XGETBV on x86-64 (GCC/Clang's <cpuid.h>); /proc/cpuinfo names other CPUs.
#include "base/cpu_features.h"

#include <cstring>
#include <fstream>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#define TPUGRAPHS_X86_CPUID 1
#endif

namespace tpugraphs {

namespace {

std::string trimmed(const std::string& text) {
    const size_t first = text.find_first_not_of(" \t");
    if (first == std::string::npos) return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// The "model name" line of /proc/cpuinfo; empty when there is none (many ARM kernels).
std::string procCpuinfoModel() {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos)
            return trimmed(line.substr(line.find(':') + 1));
    return {};
}

#ifdef TPUGRAPHS_X86_CPUID
bool bit(unsigned value, int index) {
    return (value >> index) & 1u;
}

// The register state the OS saves on a context switch (XCR0): an instruction set whose
// registers it does not save cannot be used, whatever CPUID says.
unsigned long long enabledStates() {
    unsigned eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return (static_cast<unsigned long long>(edx) << 32) | eax;
}

std::string brandString() {
    unsigned highest = __get_cpuid_max(0x80000000u, nullptr);
    if (highest < 0x80000004u) return {};
    char brand[49] = {};
    for (unsigned leaf = 0; leaf < 3; ++leaf) {
        unsigned regs[4];
        __get_cpuid(0x80000002u + leaf, &regs[0], &regs[1], &regs[2], &regs[3]);
        std::memcpy(brand + 16 * leaf, regs, 16);
    }
    return trimmed(brand);
}
#endif

}  // namespace

std::string cpuModel() {
#ifdef TPUGRAPHS_X86_CPUID
    std::string model = brandString();
    if (!model.empty()) return model;
#endif
    const std::string model2 = procCpuinfoModel();
    return model2.empty() ? "unknown" : model2;
}

CpuFeatures cpuFeatures() {
    CpuFeatures features;
#ifdef TPUGRAPHS_X86_CPUID
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !bit(c, 27)) return features;  // no OSXSAVE
    const bool fma = bit(c, 12), avx = bit(c, 28);
    const unsigned long long states = enabledStates();
    const bool osYmm = (states & 0x6) == 0x6;             // SSE and AVX state
    const bool osZmm = osYmm && (states & 0xe0) == 0xe0;  // opmask and both ZMM halves
    if (__get_cpuid_max(0, nullptr) < 7) return features;
    __cpuid_count(7, 0, a, b, c, d);
    features.avx2 = osYmm && avx && fma && bit(b, 5);
    // F (16), DQ (17), CD (28), BW (30), VL (31): what OpenBLAS asks of SkylakeX.
    features.avx512 = osZmm && features.avx2 && bit(b, 16) && bit(b, 17) && bit(b, 28) &&
                      bit(b, 30) && bit(b, 31);
    if (features.avx512 && a >= 1) {
        unsigned a1, b1, c1, d1;
        __cpuid_count(7, 1, a1, b1, c1, d1);
        features.avx512bf16 = bit(a1, 5);
    }
#endif
    return features;
}

std::string cpuFeaturesText(const CpuFeatures& features) {
    if (features.avx512) return features.avx512bf16 ? "AVX-512 (BF16), AVX2" : "AVX-512, AVX2";
    return features.avx2 ? "AVX2" : "no AVX2";
}

}  // namespace tpugraphs
