// -1 padding of the minor-to-major layout features.
#include "prepare/layout_padding.h"

#include "data/feature_names.h"

namespace tpugraphs {

void markLayoutPadding(float* nodeFeat, int64_t nodes) {
    static const int shape = findNodeFeature("shape_dimensions_0");
    static const int layout = findNodeFeature("layout_minor_to_major_0");
    constexpr int kDims = 6;
    for (int64_t n = 0; n < nodes; ++n) {
        float* row = nodeFeat + n * kNodeFeatureCount;
        int rank = kDims;
        while (rank > 0 && row[shape + rank - 1] == 0.0f) --rank;
        for (int d = rank; d < kDims; ++d) row[layout + d] = kLayoutPaddingValue;
    }
}

}  // namespace tpugraphs
