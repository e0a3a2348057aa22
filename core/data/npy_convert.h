// Numeric conversion of decoded arrays into the typed vectors of the graph records.
#pragma once

#include <cstdint>
#include <vector>

#include "data/npy_array.h"

namespace tpugraphs {

// float32 is copied, float64 narrowed; an integer dtype is an error (DataError).
std::vector<float> toFloatVector(const NpyArray& array);
// Any integer dtype, widened; uint64 values above INT64_MAX and float dtypes are errors.
std::vector<int64_t> toInt64Vector(const NpyArray& array);
// Any integer dtype with every value in 0..255 (opcodes).
std::vector<uint8_t> toUInt8Vector(const NpyArray& array);

}  // namespace tpugraphs
