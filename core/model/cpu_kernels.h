// Whether the models run their fused CPU kernels or the reference autograd modules (plain).
#pragma once

namespace tpugraphs {

// On by default. The reference path (LibTorch ops with autograd) is what the fused kernels are
// tested against, and what runs on other devices; turning the kernels off is for tests and
// benchmarks.
bool fusedCpuKernelsEnabled();
void setFusedCpuKernels(bool enabled);

}  // namespace tpugraphs
