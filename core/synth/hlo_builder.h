// HloBuilder: appends typed HLO instructions to a SyntheticHloGraph with XLA's shape rules.
#pragma once

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "synth/synthetic_hlo_graph.h"

namespace tpugraphs {

class HloBuilder {
public:
    explicit HloBuilder(SyntheticHloGraph& graph) : m_graph(graph) {}

    SyntheticHloGraph& graph() { return m_graph; }
    const HloInstruction& at(int64_t id) const { return m_graph.node(id); }
    // Starts a new computation (node_splits boundary); parameter numbers restart at 0.
    void beginComputation();
    // Restarts parameter numbering without a node_splits boundary (a nested scalar computation).
    void restartParameters();

    int64_t parameter(const Dims& dims, ElementType type, const Dims& minorToMajor = {});
    int64_t constant(const Dims& dims,
                     ElementType type);  // scalars are shared (CSE) per computation
    int64_t iota(const Dims& dims, ElementType type);
    int64_t unary(uint8_t opcode, int64_t a);              // same shape and type as a
    int64_t binary(uint8_t opcode, int64_t a, int64_t b);  // a's shape; b must match
    int64_t compare(int64_t a, int64_t b);                 // pred result
    int64_t select(int64_t predicate, int64_t a, int64_t b);
    int64_t convert(int64_t a, ElementType type);
    int64_t copy(int64_t a, const Dims& minorToMajor);  // physical relayout
    // Broadcast of a into dims; operandDims[i] = output dimension of a's dimension i.
    int64_t broadcast(int64_t a, const Dims& dims, const Dims& operandDims);
    int64_t scalarBroadcast(
        Dims dims, ElementType type);  // constant + broadcast; by value: may alias a node's dims
    int64_t reshape(int64_t a, const Dims& dims);
    int64_t transpose(int64_t a, const Dims& permutation);
    // a [batch..., M, K] x b [K, N] -> [batch..., M, N].
    int64_t dot(int64_t a, int64_t b);
    // input [N, spatial..., C] (NHWC / NDHWC), kernel [spatial..., Cin, Cout]; "same" padding.
    int64_t convolution(int64_t input, int64_t kernel, int64_t stride);
    // The combiner (add, maximum) lives in a scalar reducer computation (addScalarReducers).
    int64_t reduce(int64_t a, const Dims& reducedDims);
    int64_t reduceWindow(int64_t a, const Dims& window, const Dims& stride);
    int64_t slice(int64_t a, const Dims& start, const Dims& limit);
    int64_t concatenate(const std::vector<int64_t>& parts, int64_t dimension);
    int64_t pad(int64_t a, const Dims& low, const Dims& high);
    int64_t tuple(const std::vector<int64_t>& elements);
    int64_t getTupleElement(int64_t tupleNode, const Dims& dims, ElementType type);
    int64_t allReduce(int64_t a);
    // A while loop over a tuple state (its body and condition are separate computations).
    int64_t whileLoop(int64_t stateTuple);
    void markRoot(int64_t id) { m_graph.node(id).isRoot = true; }

private:
    int64_t push(HloInstruction instruction);
    SyntheticHloGraph& m_graph;
    int64_t m_nextParameter = 0;
    std::map<ElementType, int64_t> m_scalars;                      // shared scalar constants
    std::map<std::pair<ElementType, Dims>, int64_t> m_broadcasts;  // shared scalar broadcasts
};

// Scalar reducer computations (param, param, add/maximum root) as XLA emits for reduce ops.
void addScalarReducers(HloBuilder& builder, int count);

}  // namespace tpugraphs
