// An in-memory XLA-like HLO graph built by the generator: instructions with shapes and attributes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tpugraphs {

using Dims = std::vector<int64_t>;

// Element types in the order of the node_feat one-hot columns 2..20 (shape_element_type_is_*).
enum class ElementType {
    Invalid = 0,
    Pred,
    S8,
    S16,
    S32,
    S64,
    U8,
    U16,
    U32,
    U64,
    F16,
    F32,
    F64,
    BF16,
    C64,
    C128,
    Tuple,
    Opaque,
    Token
};
int elementBytes(ElementType type);  // bytes per element (0 for tuple/token/opaque)

// HLO opcode ids of ../shared/reference/opcodes.tsv used by the generator.
namespace hlo {
enum Opcode : uint8_t {
    Add = 2,
    AfterAll = 4,
    AllReduce = 5,
    Broadcast = 13,
    Compare = 20,
    Concatenate = 22,
    Constant = 24,
    Convert = 25,
    Convolution = 26,
    Copy = 27,
    Divide = 32,
    Dot = 34,
    DynamicSlice = 35,
    DynamicUpdateSlice = 36,
    Exponential = 37,
    Fusion = 41,
    GetTupleElement = 45,
    Iota = 48,
    Log = 50,
    Maximum = 57,
    Minimum = 58,
    Multiply = 59,
    Negate = 60,
    Pad = 62,
    Parameter = 63,
    Reduce = 70,
    ReduceWindow = 72,
    Reshape = 75,
    Rsqrt = 81,
    Select = 83,
    SelectAndScatter = 84,
    Slice = 92,
    Sqrt = 94,
    Subtract = 95,
    Tanh = 96,
    Transpose = 98,
    Tuple = 100,
    While = 102,
    Logistic = 107
};
}  // namespace hlo

// Window of a convolution / reduce-window: one entry per spatial (or every) dimension.
struct HloWindow {
    std::vector<int64_t> size, stride, paddingLow, paddingHigh, windowDilation, baseDilation;
};

// Convolution dimension numbers (batch/feature/spatial dims of input, kernel and output).
struct HloConvDims {
    int64_t inputBatch = 0, inputFeature = 0, kernelInputFeature = 0, kernelOutputFeature = 0;
    int64_t outputBatch = 0, outputFeature = 0;
    std::vector<int64_t> inputSpatial, kernelSpatial;
};

struct HloInstruction {
    uint8_t opcode = hlo::Parameter;
    ElementType type = ElementType::F32;
    std::vector<int64_t> dims;          // output shape (empty = scalar)
    std::vector<int64_t> minorToMajor;  // layout, a permutation of 0..rank-1
    std::vector<int64_t> operands;      // node ids (all smaller than this node's id)
    int64_t tupleSize = 0;              // for tuple-shaped results
    int64_t parameterNumber = 0;
    std::vector<int64_t> dimensions;  // reduce/broadcast/transpose/concatenate dimensions attribute
    HloWindow window;                 // convolution, reduce-window, select-and-scatter
    bool hasConvDims = false;
    HloConvDims convDims;
    std::vector<int64_t> sliceStart, sliceStride, sliceLimit;  // slice
    std::vector<int64_t> dynamicSliceSizes;                    // dynamic-slice
    std::vector<int64_t> padLow, padHigh;                      // pad
    bool isRoot = false;
    double flops = 0.0;  // arithmetic work of this instruction (used by the runtime formulas)

    int64_t rank() const { return static_cast<int64_t>(dims.size()); }
    int64_t elements() const;
    int64_t bytes() const { return elements() * elementBytes(type); }
};

// Appends instructions in topological order (operands first) and derives edges and features.
class SyntheticHloGraph {
public:
    // Adds an instruction; its operands must already exist. Returns the new node id.
    // A missing layout gets the default descending minor-to-major (rank-1, ..., 0).
    int64_t add(HloInstruction instruction);
    HloInstruction& node(int64_t id) { return m_nodes[static_cast<size_t>(id)]; }
    const HloInstruction& node(int64_t id) const { return m_nodes[static_cast<size_t>(id)]; }
    int64_t size() const { return static_cast<int64_t>(m_nodes.size()); }
    const std::vector<HloInstruction>& nodes() const { return m_nodes; }

    // Starts a new computation at the next node (recorded in node_splits).
    void beginComputation();
    // node_splits: 0, the start of each later computation, and the node count.
    std::vector<int64_t> nodeSplits() const;

    // E x 2 row-major (consumer, producer), one edge per operand, sorted by consumer then operand.
    std::vector<int64_t> edgeIndex() const;
    // N x 140 node features (../shared/reference/node_features.tsv), raw magnitudes.
    std::vector<float> nodeFeatures() const;
    std::vector<uint8_t> opcodes() const;

private:
    std::vector<HloInstruction> m_nodes;
    std::vector<int64_t> m_computationStarts;
};

// The 140 features of one instruction, written to out[0..139].
void encodeNodeFeatures(const HloInstruction& node, float* out);

}  // namespace tpugraphs
