// Choosing the LibTorch device at run time ("cpu", "cuda", "cuda:1").
#pragma once

#include <string>

#include <c10/core/Device.h>

namespace tpugraphs {

// Throws std::invalid_argument for an unknown name and std::runtime_error when CUDA is asked for
// but this LibTorch build or machine has none.
c10::Device parseTorchDevice(const std::string& text);

}  // namespace tpugraphs
