// Tile-collection metrics per graph: competition score (top-5 slowdown), paper top-K errors, OPA.
// Predictions follow the project convention: lower score = predicted faster.
#pragma once

#include <cstdint>
#include <vector>

namespace tpugraphs {

// runtime[j] = configRuntime[j] / normalizers[j] as double. Throws std::invalid_argument when the
// sizes differ or a normalizer is <= 0.
std::vector<double> normalizedTileRuntimes(const std::vector<int64_t>& configRuntime,
                                           const std::vector<int64_t>& normalizers);

// Competition tile score of one graph from the configs a submission lists (e.g. its top 5):
// 2 - min(runtime[c] for c in chosen) / min(runtime of all configs). 1.0 = the best config was
// chosen; lower is worse. Duplicate indices are allowed (padding). Throws std::invalid_argument
// when chosen is empty, an index is out of range, runtimes is empty or min(all) <= 0
// (test-split graphs carry no runtimes).
double tileScoreFromChosen(const std::vector<double>& runtimes, const std::vector<int64_t>& chosen);

// The paper's top-K error: min(runtime of the K best-predicted configs) / min(all) - 1, with
// K clipped to C (so it is 0 when K >= C). 0 is perfect. Prediction ties: lower index first.
// Same errors as tileScoreFromChosen.
double topKError(const std::vector<float>& predictedScores, const std::vector<double>& runtimes,
                 int k);

struct TileGraphMetrics {
    double score = 0;       // 2 - min(top-K)/min(all), K = min(5, C): the competition score
    double topKError1 = 0;  // paper top-K errors (K clipped to C)
    double topKError5 = 0;
    double topKError10 = 0;
    double opa = 0;  // ordered pair accuracy, see metrics/ordered_pair_accuracy.h
};

// All tile metrics of one graph from predicted scores and the raw arrays of the .npz.
TileGraphMetrics computeTileMetrics(const std::vector<float>& predictedScores,
                                    const std::vector<int64_t>& configRuntime,
                                    const std::vector<int64_t>& normalizers);

}  // namespace tpugraphs
