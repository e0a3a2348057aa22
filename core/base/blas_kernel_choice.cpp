// The kernel decision: which OpenBLAS kernels are generic fallbacks, and what replaces them.
#include "base/blas_kernel_choice.h"

#include <strings.h>

#include <algorithm>

namespace tpugraphs {

namespace {

bool sameName(const std::string& a, const std::string& b) {
    return strcasecmp(a.c_str(), b.c_str()) == 0;
}

// Kernels without AVX: what OpenBLAS runs when it cannot identify a CPU ("Prescott" in 0.3.21)
// or on CPUs older than 2011. A CPU that runs AVX2 gets one of them only by a failed
// identification.
bool isPreAvxKernel(const std::string& kernel) {
    static const std::vector<std::string> preAvx = {
        "Unknown", "Katmai",       "Coppermine", "Northwood",  "Prescott", "Banias",
        "Atom",    "Core2",        "Penryn",     "Dunnington", "Nehalem",  "Athlon",
        "Opteron", "Opteron_SSE3", "Barcelona",  "Nano",       "Bobcat"};
    return std::any_of(preAvx.begin(), preAvx.end(),
                       [&](const std::string& name) { return sameName(name, kernel); });
}

}  // namespace

const std::vector<std::string>& openBlasKernelNames() {
    static const std::vector<std::string> names = {
        // x86-64 (driver/others/dynamic.c)
        "Unknown", "Katmai", "Coppermine", "Northwood", "Prescott", "Banias", "Atom", "Core2",
        "Penryn", "Dunnington", "Nehalem", "Athlon", "Opteron", "Opteron_SSE3", "Barcelona", "Nano",
        "Sandybridge", "Bobcat", "Bulldozer", "Piledriver", "Haswell", "Steamroller", "Excavator",
        "Zen", "SkylakeX", "Cooperlake", "SapphireRapids",
        // ARM64 (driver/others/dynamic_arm64.c)
        "armv8", "cortexa53", "cortexa55", "cortexa57", "cortexa72", "cortexa73", "neoversen1",
        "neoversen2", "neoversev1", "thunderx", "thunderx2t99", "thunderx3t110", "tsv110",
        "emag8180", "falkor", "vortex", "a64fx"};
    return names;
}

bool isOpenBlasKernelName(const std::string& kernel) {
    const auto& names = openBlasKernelNames();
    return std::any_of(names.begin(), names.end(),
                       [&](const std::string& name) { return sameName(name, kernel); });
}

BlasKernelDecision chooseBlasKernel(const BlasKernelInputs& in) {
    if (!in.autoSelect) return {"", "automatic selection turned off (TPUGRAPHS_BLAS_AUTOSELECT=0)"};
    if (in.kind == BlasKind::Other) return {"", "not OpenBLAS"};
    if (in.kind == BlasKind::OpenBlasOneCpu) return {"", "OpenBLAS built for one CPU"};
    if (in.coreTypeSet) return {"", "OPENBLAS_CORETYPE is set"};
    if (!isPreAvxKernel(in.kernel)) return {"", in.kernel + " is OpenBLAS's choice for this CPU"};
    const std::string generic = "generic " + in.kernel + " kernels on ";
    if (in.cpu.avx512) return {"SkylakeX", generic + "an AVX-512 CPU"};
    if (in.cpu.avx2) return {"Haswell", generic + "an AVX2 CPU"};
    return {"", "the CPU has no AVX2"};
}

}  // namespace tpugraphs
