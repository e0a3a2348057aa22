// The process-wide switch between fused CPU kernels and the reference modules.
#include "model/cpu_kernels.h"

#include <atomic>

namespace tpugraphs {

namespace {
std::atomic<bool> g_fused{true};
}

bool fusedCpuKernelsEnabled() {
    return g_fused.load();
}

void setFusedCpuKernels(bool enabled) {
    g_fused.store(enabled);
}

}  // namespace tpugraphs
