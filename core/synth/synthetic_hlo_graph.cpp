// SyntheticHloGraph: topological instruction list, edges, node_splits and the 140 node features.
#include "synth/synthetic_hlo_graph.h"

#include <algorithm>
#include <stdexcept>

#include "data/tpugraphs_format.h"

namespace tpugraphs {

int elementBytes(ElementType type) {
    switch (type) {
        case ElementType::Pred:
        case ElementType::S8:
        case ElementType::U8:
            return 1;
        case ElementType::S16:
        case ElementType::U16:
        case ElementType::F16:
        case ElementType::BF16:
            return 2;
        case ElementType::S32:
        case ElementType::U32:
        case ElementType::F32:
            return 4;
        case ElementType::S64:
        case ElementType::U64:
        case ElementType::F64:
        case ElementType::C64:
            return 8;
        case ElementType::C128:
            return 16;
        default:
            return 0;
    }
}

int64_t HloInstruction::elements() const {
    int64_t n = 1;
    for (int64_t d : dims) n *= d;
    return n;
}

int64_t SyntheticHloGraph::add(HloInstruction instruction) {
    const int64_t id = size();
    for (int64_t operand : instruction.operands)
        if (operand < 0 || operand >= id)
            throw std::logic_error("synthetic graph: operand after its user");
    if (instruction.minorToMajor.size() != instruction.dims.size()) {
        instruction.minorToMajor.clear();
        for (int64_t d = instruction.rank() - 1; d >= 0; --d) instruction.minorToMajor.push_back(d);
    }
    m_nodes.push_back(std::move(instruction));
    return id;
}

void SyntheticHloGraph::beginComputation() {
    if (size() > 0 && (m_computationStarts.empty() || m_computationStarts.back() != size()))
        m_computationStarts.push_back(size());
}

std::vector<int64_t> SyntheticHloGraph::nodeSplits() const {
    std::vector<int64_t> splits{0};
    for (int64_t start : m_computationStarts)
        if (start > 0 && start < size()) splits.push_back(start);
    splits.push_back(size());
    return splits;
}

std::vector<int64_t> SyntheticHloGraph::edgeIndex() const {
    std::vector<int64_t> edges;
    for (int64_t u = 0; u < size(); ++u) {
        std::vector<int64_t> operands = node(u).operands;
        std::sort(operands.begin(), operands.end());
        operands.erase(std::unique(operands.begin(), operands.end()), operands.end());
        for (int64_t v : operands) {
            edges.push_back(u);
            edges.push_back(v);
        }
    }
    return edges;
}

std::vector<uint8_t> SyntheticHloGraph::opcodes() const {
    std::vector<uint8_t> ops;
    ops.reserve(m_nodes.size());
    for (const HloInstruction& n : m_nodes) ops.push_back(n.opcode);
    return ops;
}

std::vector<float> SyntheticHloGraph::nodeFeatures() const {
    std::vector<float> features(m_nodes.size() * kNodeFeatureCount, 0.0f);
    for (size_t i = 0; i < m_nodes.size(); ++i)
        encodeNodeFeatures(m_nodes[i], features.data() + i * kNodeFeatureCount);
    return features;
}

namespace {

// Writes the first `count` values, then their sum and product (product of an empty list = 1).
void writeListWithSumProduct(const std::vector<int64_t>& values, int count, float* out) {
    double sum = 0.0, product = 1.0;
    for (size_t i = 0; i < values.size(); ++i) {
        if (static_cast<int>(i) < count) out[i] = static_cast<float>(values[i]);
        sum += static_cast<double>(values[i]);
        product *= static_cast<double>(values[i]);
    }
    out[count] = static_cast<float>(sum);
    out[count + 1] = static_cast<float>(product);
}

void writeList(const std::vector<int64_t>& values, int count, float* out) {
    for (size_t i = 0; i < values.size() && static_cast<int>(i) < count; ++i)
        out[i] = static_cast<float>(values[i]);
}

}  // namespace

void encodeNodeFeatures(const HloInstruction& n, float* out) {
    std::fill(out, out + kNodeFeatureCount, 0.0f);
    out[0] = n.isRoot ? 1.0f : 0.0f;
    // Column 1 (element_size_in_bits) is 0 in every real file measured: kept 0 here too.
    out[2 + static_cast<int>(n.type)] = 1.0f;
    writeListWithSumProduct(n.dims, 6, out + 21);  // 21..26, sum 27, product 28
    out[29] = static_cast<float>(n.tupleSize);
    out[30] = static_cast<float>(n.parameterNumber);
    writeList(n.dimensions, 6, out + 31);
    const HloWindow& w = n.window;
    writeListWithSumProduct(w.size, 6, out + 37);
    writeListWithSumProduct(w.stride, 6, out + 45);
    writeListWithSumProduct(w.paddingLow, 6, out + 53);
    writeListWithSumProduct(w.paddingHigh, 6, out + 61);
    writeListWithSumProduct(w.windowDilation, 6, out + 69);
    writeListWithSumProduct(w.baseDilation, 6, out + 77);
    out[92] = static_cast<float>(w.size.size());  // window_window_reversal_false_count
    if (n.hasConvDims) {
        const HloConvDims& c = n.convDims;
        out[93] = static_cast<float>(c.inputBatch);
        out[94] = static_cast<float>(c.inputFeature);
        writeList(c.inputSpatial, 4, out + 95);
        out[99] = static_cast<float>(c.kernelInputFeature);
        out[100] = static_cast<float>(c.kernelOutputFeature);
        writeList(c.kernelSpatial, 4, out + 101);
        out[105] = static_cast<float>(c.outputBatch);
        out[106] = static_cast<float>(c.outputFeature);
        out[107] = 1.0f;  // feature_group_count
        out[108] = 1.0f;  // batch_group_count
    }
    writeListWithSumProduct(n.sliceStart, 2, out + 109);
    writeListWithSumProduct(n.sliceStride, 2, out + 113);
    writeListWithSumProduct(n.sliceLimit, 2, out + 117);
    writeListWithSumProduct(n.dynamicSliceSizes, 2, out + 121);
    writeListWithSumProduct(n.padLow, 2, out + 125);
    writeListWithSumProduct(n.padHigh, 2, out + 129);
    writeList(n.minorToMajor, 6, out + 134);
}

}  // namespace tpugraphs
