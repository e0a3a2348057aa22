// LibTorch and CUDA facts of this process, read from LibTorch and the dynamic linker.
#include "model/torch_build_info.h"

#include <ATen/Context.h>
#include <ATen/Parallel.h>
#include <ATen/detail/CUDAHooksInterface.h>
#include <dlfcn.h>
#include <torch/cuda.h>
#include <torch/version.h>

namespace tpugraphs {

namespace {

// LibTorch's CUDA part is a library of its own, loaded with the program when it was built with
// CUDA; at::hasCUDA() is false in such a build on a machine without a GPU.
bool cudaLibraryLoaded() {
    void* library = dlopen("libtorch_cuda.so", RTLD_LAZY | RTLD_NOLOAD);
    if (library) dlclose(library);  // drops only the reference RTLD_NOLOAD took
    return library != nullptr;
}

}  // namespace

TorchBuildInfo torchBuildInfo() {
    TorchBuildInfo info;
    info.libtorchVersion = TORCH_VERSION;
    info.parallelBackend = at::hasOpenMP() ? "OpenMP" : "native threads";
    info.intraOpThreads = at::get_num_threads();
    info.cudaBuilt = cudaLibraryLoaded();
    if (info.cudaBuilt) {
        const long version = at::detail::getCUDAHooks().versionCUDART();  // e.g. 12010
        info.cudaRuntime =
            std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
        info.cudaDevices = static_cast<int>(torch::cuda::device_count());
    }
    return info;
}

}  // namespace tpugraphs
