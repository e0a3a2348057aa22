// Run-time device selection.
#include "model/torch_device.h"

#include <torch/cuda.h>

#include <stdexcept>

namespace tpugraphs {

c10::Device parseTorchDevice(const std::string& text) {
    c10::Device device(c10::kCPU);
    try {
        device = c10::Device(text);
    } catch (const c10::Error&) {
        throw std::invalid_argument("unknown device '" + text + "' (use cpu or cuda)");
    }
    if (device.is_cuda() && !torch::cuda::is_available())
        throw std::runtime_error(
            "device '" + text +
            "': no CUDA device available (this LibTorch build has no CUDA support or "
            "no GPU is visible); use --device cpu");
    return device;
}

}  // namespace tpugraphs
