// The projected SAGE convolution of the first layout block: projections and backward phases
// over node chunks on the intra-op threads.
#include "model/projected_conv.h"

#include <cstring>

#include "model/node_chunks.h"
#include "model/projected_conv_kernels.h"

namespace tpugraphs {

namespace {

using torch::Tensor;

kernels::Rows rowsOf(const Tensor& a) {
    return {a.size(1), a.size(2)};
}

}  // namespace

Tensor swapInOut(const Tensor& w) {
    const int64_t h = w.size(0), parts = w.size(1) / h;
    return w.reshape({h, parts, h}).permute({2, 1, 0}).reshape({h, parts * h});
}

Tensor configurableRows(int64_t nodes, const Tensor& configNodes) {
    Tensor rows = torch::full({nodes}, -1, torch::kLong);
    rows.index_put_({configNodes}, torch::arange(configNodes.size(0), torch::kLong));
    return rows;
}

ProjectedConv::ProjectedConv(const Tensor& a, const Tensor& convWeight, const Tensor& configNodes,
                             int64_t chunkNodes)
    : m_configRow(configurableRows(a.size(0), configNodes)), m_shape(rowsOf(a)) {
    const int64_t k = m_shape.configs, h = m_shape.channels;
    const Tensor projection = swapInOut(convWeight).contiguous();
    const int64_t width = projection.size(1), configurable = configNodes.size(0);
    m_perNode = torch::empty({a.size(0), width});
    m_perConfig = torch::empty({configurable, k, width});
    // Every node's first config row (the configurable nodes' are not read), in chunks of the
    // kernels' row count.
    const Tensor first = a.select(1, 0);
    forNodeChunks(a.size(0), chunkNodes * k, [&](int64_t n0, int64_t n1, int) {
        Tensor out = m_perNode.narrow(0, n0, n1 - n0);
        at::mm_out(out, first.narrow(0, n0, n1 - n0), projection);
    });
    const Tensor nodes = configNodes.contiguous();
    Tensor gathered = torch::empty({chunkLanes(), chunkNodes * k, h});
    forNodeChunks(configurable, chunkNodes, [&](int64_t j0, int64_t j1, int lane) {
        Tensor in = gathered[lane].narrow(0, 0, (j1 - j0) * k);
        for (int64_t j = j0; j < j1; ++j)
            std::memcpy(in.data_ptr<float>() + (j - j0) * k * h,
                        a.data_ptr<float>() + nodes.data_ptr<int64_t>()[j] * k * h,
                        sizeof(float) * k * h);
        Tensor out = m_perConfig.view({-1, width}).narrow(0, j0 * k, (j1 - j0) * k);
        at::mm_out(out, in, projection);
    });
}

void ProjectedConv::rows(const float* bias, const kernels::NodeLists& producers,
                         const kernels::NodeLists* consumers, int64_t n0, int64_t n1,
                         float* out) const {
    const kernels::Projections p{m_perNode.data_ptr<float>(), m_perConfig.data_ptr<float>(),
                                 m_configRow.data_ptr<int64_t>(), m_perNode.size(1)};
    kernels::sumProjections(p, m_shape, bias, producers, consumers, n0, n1, out);
}

ProjectedConvGradients projectedConvBackward(const Tensor& d, const Tensor& a,
                                             const Tensor& convWeight, const Tensor& configNodes,
                                             const kernels::NodeLists& producers,
                                             const kernels::NodeLists& consumers,
                                             bool bidirectional, int64_t chunkNodes) {
    const kernels::Rows s = rowsOf(a);
    const int64_t k = s.configs, h = s.channels, rows = chunkNodes * k;
    const Tensor projectionT = swapInOut(convWeight).t();  // [width, H]
    const int64_t width = projectionT.size(0);
    const Tensor configRow = configurableRows(a.size(0), configNodes);
    const int lanes = chunkLanes();
    Tensor dA = torch::empty_like(a);
    Tensor dP = torch::empty({lanes, rows, width}), right = torch::empty({lanes, rows, width});
    Tensor left = torch::empty({lanes, rows, h}), reduced = torch::empty({lanes, rows, h});
    Tensor dProjection = torch::zeros({lanes, h, width});
    forNodeChunks(a.size(0), chunkNodes, [&](int64_t n0, int64_t n1, int lane) {
        Tensor g = dP[lane].narrow(0, 0, (n1 - n0) * k);
        kernels::gatherNeighbourGradients(d.data_ptr<float>(), s, producers, consumers,
                                          bidirectional, n0, n1, g.data_ptr<float>());
        const int64_t count = kernels::weightGradientRows(
            a.data_ptr<float>(), g.data_ptr<float>(), configRow.data_ptr<int64_t>(), s, width, n0,
            n1, left[lane].data_ptr<float>(), right[lane].data_ptr<float>());
        const Tensor summed = right[lane].narrow(0, 0, count);
        // The input gradient from the same rows: one projection back per node whose input does
        // not vary along k (its K rows' sum), not K.
        Tensor back = reduced[lane].narrow(0, 0, count);
        at::mm_out(back, summed, projectionT);
        kernels::scatterInputGradients(back.data_ptr<float>(), configRow.data_ptr<int64_t>(), s, n0,
                                       n1, dA.data_ptr<float>() + n0 * k * h);
        dProjection[lane].addmm_(left[lane].narrow(0, 0, count).t(), summed);
    });
    return {dA, swapInOut(dProjection.sum(0))};
}

}  // namespace tpugraphs
