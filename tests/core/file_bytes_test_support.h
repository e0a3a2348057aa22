// Whole-file reads and writes of the tests that damage files byte by byte (truncated archives,
// flipped bytes, checkpoints and caches rewritten behind the program's back).
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace tpugraphs::test {

// The file's bytes; empty when it cannot be read.
inline std::string readBytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

// Replaces the file with `bytes`, creating its folder first.
inline void writeBytes(const std::filesystem::path& path, const std::string& bytes) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

}  // namespace tpugraphs::test
