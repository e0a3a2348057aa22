// HloBuilder: shape inference and attributes for the instructions the generator emits.
#include "synth/hlo_builder.h"

#include <algorithm>
#include <stdexcept>

namespace tpugraphs {

namespace {

HloInstruction make(uint8_t opcode, ElementType type, Dims dims,
                    std::vector<int64_t> operands = {}) {
    HloInstruction n;
    n.opcode = opcode;
    n.type = type;
    n.dims = std::move(dims);
    n.operands = std::move(operands);
    return n;
}

}  // namespace

void HloBuilder::beginComputation() {
    m_graph.beginComputation();
    restartParameters();
}

void HloBuilder::restartParameters() {
    m_nextParameter = 0;
    m_scalars.clear();
    m_broadcasts.clear();
}

int64_t HloBuilder::push(HloInstruction instruction) {
    if (instruction.flops == 0.0 && instruction.opcode != hlo::Parameter &&
        instruction.opcode != hlo::Constant)
        instruction.flops = static_cast<double>(instruction.elements());
    return m_graph.add(std::move(instruction));
}

int64_t HloBuilder::parameter(const Dims& dims, ElementType type, const Dims& minorToMajor) {
    HloInstruction n = make(hlo::Parameter, type, dims);
    n.parameterNumber = m_nextParameter++;
    n.minorToMajor = minorToMajor;
    return push(std::move(n));
}

int64_t HloBuilder::constant(const Dims& dims, ElementType type) {
    if (!dims.empty()) return push(make(hlo::Constant, type, dims));
    const auto found = m_scalars.find(type);
    if (found != m_scalars.end()) return found->second;
    const int64_t id = push(make(hlo::Constant, type, dims));
    m_scalars[type] = id;
    return id;
}

int64_t HloBuilder::iota(const Dims& dims, ElementType type) {
    HloInstruction n = make(hlo::Iota, type, dims);
    n.dimensions = {dims.empty() ? 0 : static_cast<int64_t>(dims.size()) - 1};
    return push(std::move(n));
}

int64_t HloBuilder::unary(uint8_t opcode, int64_t a) {
    HloInstruction n = make(opcode, at(a).type, at(a).dims, {a});
    n.minorToMajor = at(a).minorToMajor;
    return push(std::move(n));
}

int64_t HloBuilder::binary(uint8_t opcode, int64_t a, int64_t b) {
    if (at(a).dims != at(b).dims) throw std::logic_error("HloBuilder::binary: shape mismatch");
    HloInstruction n = make(opcode, at(a).type, at(a).dims, {a, b});
    n.minorToMajor = at(a).minorToMajor;
    return push(std::move(n));
}

int64_t HloBuilder::compare(int64_t a, int64_t b) {
    HloInstruction n = make(hlo::Compare, ElementType::Pred, at(a).dims, {a, b});
    n.minorToMajor = at(a).minorToMajor;
    return push(std::move(n));
}

int64_t HloBuilder::select(int64_t predicate, int64_t a, int64_t b) {
    HloInstruction n = make(hlo::Select, at(a).type, at(a).dims, {predicate, a, b});
    n.minorToMajor = at(a).minorToMajor;
    return push(std::move(n));
}

int64_t HloBuilder::convert(int64_t a, ElementType type) {
    HloInstruction n = make(hlo::Convert, type, at(a).dims, {a});
    n.minorToMajor = at(a).minorToMajor;
    return push(std::move(n));
}

int64_t HloBuilder::copy(int64_t a, const Dims& minorToMajor) {
    HloInstruction n = make(hlo::Copy, at(a).type, at(a).dims, {a});
    n.minorToMajor = minorToMajor;
    return push(std::move(n));
}

int64_t HloBuilder::broadcast(int64_t a, const Dims& dims, const Dims& operandDims) {
    HloInstruction n = make(hlo::Broadcast, at(a).type, dims, {a});
    n.dimensions = operandDims;
    return push(std::move(n));
}

int64_t HloBuilder::scalarBroadcast(Dims dims, ElementType type) {
    const auto key = std::make_pair(type, dims);
    auto found = m_broadcasts.find(key);
    if (found != m_broadcasts.end()) return found->second;
    const int64_t id = broadcast(constant({}, type), dims, {});
    m_broadcasts[key] = id;
    return id;
}

int64_t HloBuilder::reshape(int64_t a, const Dims& dims) {
    int64_t elements = 1;
    for (int64_t d : dims) elements *= d;
    if (elements != at(a).elements())
        throw std::logic_error("HloBuilder::reshape: element count changes");
    return push(make(hlo::Reshape, at(a).type, dims, {a}));
}

int64_t HloBuilder::transpose(int64_t a, const Dims& permutation) {
    Dims dims;
    for (int64_t p : permutation) dims.push_back(at(a).dims[static_cast<size_t>(p)]);
    HloInstruction n = make(hlo::Transpose, at(a).type, dims, {a});
    n.dimensions = permutation;
    return push(std::move(n));
}

int64_t HloBuilder::dot(int64_t a, int64_t b) {
    const Dims& ad = at(a).dims;
    const Dims& bd = at(b).dims;
    if (ad.size() < 2 || bd.size() != 2 || ad.back() != bd[0])
        throw std::logic_error("HloBuilder::dot: shapes");
    Dims dims(ad.begin(), ad.end() - 1);
    dims.push_back(bd[1]);
    HloInstruction n = make(hlo::Dot, at(a).type, dims, {a, b});
    n.flops = 2.0 * static_cast<double>(n.elements()) * static_cast<double>(bd[0]);
    return push(std::move(n));
}

int64_t HloBuilder::convolution(int64_t input, int64_t kernel, int64_t stride) {
    const Dims& in = at(input).dims;
    const Dims& k = at(kernel).dims;
    const size_t spatial = in.size() - 2;
    if (k.size() != spatial + 2 || k[spatial] != in.back())
        throw std::logic_error("HloBuilder::convolution: shapes");
    Dims dims{in[0]};
    HloInstruction n;
    HloWindow& w = n.window;
    HloConvDims& c = n.convDims;
    c.inputBatch = 0;
    c.inputFeature = static_cast<int64_t>(in.size()) - 1;
    c.kernelInputFeature = static_cast<int64_t>(spatial);
    c.kernelOutputFeature = static_cast<int64_t>(spatial) + 1;
    c.outputBatch = 0;
    c.outputFeature = c.inputFeature;
    for (size_t s = 0; s < spatial; ++s) {
        dims.push_back((in[s + 1] + stride - 1) / stride);
        w.size.push_back(k[s]);
        w.stride.push_back(stride);
        w.paddingLow.push_back(k[s] / 2);
        w.paddingHigh.push_back((k[s] - 1) / 2);
        w.windowDilation.push_back(1);
        w.baseDilation.push_back(1);
        c.inputSpatial.push_back(static_cast<int64_t>(s) + 1);
        c.kernelSpatial.push_back(static_cast<int64_t>(s));
    }
    dims.push_back(k.back());
    n.opcode = hlo::Convolution;
    n.type = at(input).type;
    n.dims = dims;
    n.operands = {input, kernel};
    n.hasConvDims = true;
    double window = 1.0;
    for (size_t s = 0; s < spatial; ++s) window *= static_cast<double>(k[s]);
    n.flops = 2.0 * static_cast<double>(n.elements()) * window * static_cast<double>(in.back());
    return push(std::move(n));
}

int64_t HloBuilder::reduce(int64_t a, const Dims& reducedDims) {
    const int64_t init = constant({}, at(a).type);
    Dims dims;
    for (int64_t d = 0; d < at(a).rank(); ++d)
        if (std::find(reducedDims.begin(), reducedDims.end(), d) == reducedDims.end())
            dims.push_back(at(a).dims[static_cast<size_t>(d)]);
    HloInstruction n = make(hlo::Reduce, at(a).type, dims, {a, init});
    n.dimensions = reducedDims;
    n.flops = static_cast<double>(at(a).elements());
    return push(std::move(n));
}

int64_t HloBuilder::reduceWindow(int64_t a, const Dims& window, const Dims& stride) {
    const int64_t init = constant({}, at(a).type);
    HloInstruction n = make(hlo::ReduceWindow, at(a).type, {}, {a, init});
    for (size_t d = 0; d < window.size(); ++d) {
        n.dims.push_back((at(a).dims[d] + stride[d] - 1) / stride[d]);
        n.window.size.push_back(window[d]);
        n.window.stride.push_back(stride[d]);
        n.window.paddingLow.push_back(0);
        n.window.paddingHigh.push_back(0);
        n.window.windowDilation.push_back(1);
        n.window.baseDilation.push_back(1);
    }
    n.minorToMajor = at(a).minorToMajor;
    return push(std::move(n));
}

int64_t HloBuilder::slice(int64_t a, const Dims& start, const Dims& limit) {
    HloInstruction n = make(hlo::Slice, at(a).type, {}, {a});
    for (size_t d = 0; d < start.size(); ++d) n.dims.push_back(limit[d] - start[d]);
    n.sliceStart = start;
    n.sliceLimit = limit;
    n.sliceStride.assign(start.size(), 1);
    n.minorToMajor = at(a).minorToMajor;
    return push(std::move(n));
}

int64_t HloBuilder::concatenate(const std::vector<int64_t>& parts, int64_t dimension) {
    Dims dims = at(parts[0]).dims;
    dims[static_cast<size_t>(dimension)] = 0;
    for (int64_t p : parts)
        dims[static_cast<size_t>(dimension)] += at(p).dims[static_cast<size_t>(dimension)];
    HloInstruction n = make(hlo::Concatenate, at(parts[0]).type, dims, parts);
    n.dimensions = {dimension};
    return push(std::move(n));
}

int64_t HloBuilder::pad(int64_t a, const Dims& low, const Dims& high) {
    const int64_t value = constant({}, at(a).type);
    Dims dims = at(a).dims;
    for (size_t d = 0; d < dims.size(); ++d) dims[d] += low[d] + high[d];
    HloInstruction n = make(hlo::Pad, at(a).type, dims, {a, value});
    n.padLow = low;
    n.padHigh = high;
    return push(std::move(n));
}

int64_t HloBuilder::tuple(const std::vector<int64_t>& elements) {
    HloInstruction n = make(hlo::Tuple, ElementType::Tuple, {}, elements);
    n.tupleSize = static_cast<int64_t>(elements.size());
    return push(std::move(n));
}

int64_t HloBuilder::getTupleElement(int64_t tupleNode, const Dims& dims, ElementType type) {
    return push(make(hlo::GetTupleElement, type, dims, {tupleNode}));
}

int64_t HloBuilder::allReduce(int64_t a) {
    HloInstruction n = make(hlo::AllReduce, at(a).type, at(a).dims, {a});
    n.minorToMajor = at(a).minorToMajor;
    return push(std::move(n));
}

int64_t HloBuilder::whileLoop(int64_t stateTuple) {
    HloInstruction n = make(hlo::While, ElementType::Tuple, {}, {stateTuple});
    n.tupleSize = at(stateTuple).tupleSize;
    return push(std::move(n));
}

void addScalarReducers(HloBuilder& builder, int count) {
    builder.restartParameters();
    for (int i = 0; i < count; ++i) {
        const ElementType type = i % 3 == 2 ? ElementType::BF16 : ElementType::F32;
        const int64_t x = builder.parameter({}, type);
        const int64_t y = builder.parameter({}, type);
        builder.markRoot(builder.binary(i % 2 == 0 ? hlo::Add : hlo::Maximum, x, y));
        builder.restartParameters();
    }
}

}  // namespace tpugraphs
