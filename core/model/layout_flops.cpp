// Counting layout-sage's Linear-layer arithmetic from the batch shape.
#include "model/layout_flops.h"

#include <algorithm>

#include "data/layout_configs.h"

namespace tpugraphs {

namespace {
double linear(double rows, double in, double out) {
    return 2.0 * rows * in * out;
}
}  // namespace

double layoutSageTrainFlops(const CostModelOptions& o, const LayoutStepShape& s,
                            bool fusedKernels) {
    const double h = static_cast<double>(o.hidden), n = static_cast<double>(s.nodes);
    const double k = static_cast<double>(s.configs);
    const double nodeRows = n * k, graphRows = static_cast<double>(s.graphs) * k;
    const double m = static_cast<double>(s.configurable);
    double forward = linear(n, static_cast<double>(s.nodeFeatures + o.opcodeEmbedding), h);
    // The one-hot config projection as run: a sum of the 18 hot weight columns per row.
    forward += linear(m * k, kLayoutConfigFeatureCount, h);
    const double squeeze = static_cast<double>(std::max<int64_t>(1, o.hidden / 4));
    const double half = static_cast<double>(std::max<int64_t>(4, o.hidden / 2));
    const double parts = o.bidirectional ? 3 : 2;
    double firstConv = 0;  // forward and backward, where they are not 1 : 2
    for (int64_t layer = 0; layer < o.layers; ++layer) {
        if (fusedKernels && layer == 0)
            // The projected conv: one row per node, plus K per configurable node, projected;
            // the weight and input gradients one row per non-configurable node and K per
            // configurable one.
            firstConv = linear(n + m * k, h, parts * h) + 2 * linear(n - m + m * k, h, parts * h);
        else
            forward += linear(nodeRows, h, h) * parts;
        if (o.selfChannelAttention) forward += 2 * linear(graphRows, h, squeeze);
        if (!o.crossConfigAttention) continue;
        // The context form's merge input [x, context] has a context row per node, not per
        // config: the fused kernels project it once per node.
        if (fusedKernels && o.attentionForm == AttentionForm::Context)
            forward += linear(nodeRows, h, h) + linear(n, h, h);
        else
            forward += linear(nodeRows, 2 * h, h);
    }
    if (o.readout == LayoutReadout::NodeScoreSum)
        forward += linear(nodeRows, h, 1);
    else
        forward +=
            linear(graphRows, h, h) + linear(graphRows, h, half) + linear(graphRows, half, 1);
    return 3.0 * forward + firstConv;
}

}  // namespace tpugraphs
