// Removing a folder and everything in it, the product's one way to do so. Not
// std::filesystem::remove_all: PyTorch's wheels (2.5 on, pytorch/pytorch#133437) export a copy of
// libstdc++'s std::filesystem from libtorch, programs linking them bind to it, and its
// remove_all calls through a null pointer (seen with PyTorch 2.11 on a GPU machine: every bench
// and run-directory cleanup crashed).
#pragma once

#include <cstdint>
#include <string>
#include <system_error>

namespace tpugraphs {

// Removes `path` (a file, a link, or a folder with its contents; links are removed, never
// followed) and returns how many entries went; 0 when it does not exist. As
// std::filesystem::remove_all: the first overload throws std::filesystem::filesystem_error,
// the second sets `error` and returns what it removed so far.
std::uintmax_t removeTree(const std::string& path);
std::uintmax_t removeTree(const std::string& path, std::error_code& error) noexcept;

}  // namespace tpugraphs
