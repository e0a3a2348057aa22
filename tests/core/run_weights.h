// Test helper: the weights of a run directory's last checkpoint, flattened (no LibTorch in the
// tests that compare runs: tpugraphs_test_weights compiles it once).
#pragma once

#include <string>
#include <vector>

namespace tpugraphs::test {

// Every parameter of the model in `dir`/last.pt, in order, as one list.
std::vector<float> lastWeights(const std::string& dir);

// The largest |a[i] - b[i]|; infinity when the lists differ in length.
double maxAbsDifference(const std::vector<float>& a, const std::vector<float>& b);

}  // namespace tpugraphs::test
