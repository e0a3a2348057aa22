// Whether a zip archive reads back as it was written: every member's bytes against the CRC-32
// its directory records. LibTorch's archive reader does not check them, so a checkpoint with
// flipped bits would load silently.
#pragma once

#include <string>

namespace tpugraphs {

// "" when every member of the zip archive in the `size` bytes at `data` reads back whole with
// its recorded CRC-32, else the first problem, naming the member ("member 'archive/data/3':
// CRC mismatch"). Members are read one at a time, in pieces.
std::string zipIntegrityProblem(const void* data, size_t size);

}  // namespace tpugraphs
