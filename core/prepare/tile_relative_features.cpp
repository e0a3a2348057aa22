// Tile config features relative to the output shape.
#include "prepare/tile_relative_features.h"

#include <cmath>

#include "data/feature_names.h"

namespace tpugraphs {

namespace {

constexpr int kDims = 6;
constexpr double kLanes = 128.0, kSublanes = 8.0;

double roundUp(double value, double multiple) {
    return std::ceil(value / multiple) * multiple;
}

}  // namespace

std::vector<float> tileRelativeFeatures(const float* rootNode, const float* configFeat,
                                        int64_t configs) {
    static const int shape = findNodeFeature("shape_dimensions_0");
    static const int minorToMajor = findNodeFeature("layout_minor_to_major_0");
    static const int bounds = findTileConfigFeature("output_bounds_0");
    int rank = kDims;
    while (rank > 0 && rootNode[shape + rank - 1] <= 0.0f) --rank;
    const int minor = rank >= 1 ? static_cast<int>(rootNode[minorToMajor]) : -1;
    const int second = rank >= 2 ? static_cast<int>(rootNode[minorToMajor + 1]) : -1;
    std::vector<float> out(static_cast<size_t>(configs * kTileRelativeFeatureCount), 0.0f);
    for (int64_t c = 0; c < configs; ++c) {
        const float* config = configFeat + c * kTileConfigFeatureCount;
        float* row = out.data() + c * kTileRelativeFeatureCount;
        double tiles = 1.0, waste = 1.0, lanes = 1.0, sublanes = 1.0;
        for (int d = 0; d < rank; ++d) {
            const double n = rootNode[shape + d];
            const double bound = config[bounds + d];
            const double t = bound > 0.0 ? std::min<double>(bound, n) : n;
            const double count = std::ceil(n / t);
            row[d] = static_cast<float>(std::log2(count));
            tiles *= count;
            waste *= count * t / n;
            if (d == minor) lanes = roundUp(t, kLanes) / t;
            if (d == second) sublanes = roundUp(t, kSublanes) / t;
        }
        row[kDims] = static_cast<float>(std::log2(tiles));
        row[kDims + 1] = static_cast<float>(std::log2(waste));
        row[kDims + 2] = static_cast<float>(std::log2(lanes));
        row[kDims + 3] = static_cast<float>(std::log2(sublanes));
    }
    return out;
}

}  // namespace tpugraphs
