// Synthetic fused kernels: a core (elementwise, reduce, dot, convolution, data movement) plus
// elementwise epilogues, shaped like the fusions XLA hands to its tile-size autotuner.
#include "synth/tile_kernel_builder.h"

#include <algorithm>

#include "synth/generator_random.h"
#include "synth/hlo_builder.h"

namespace tpugraphs {

namespace {

constexpr int64_t kMaxElements = int64_t(1) << 24;

const std::vector<int64_t> kBatch{1, 2, 4, 8, 16, 32, 64, 128};
const std::vector<int64_t> kSpatial{7, 8, 14, 16, 28, 32, 56, 64, 112, 128, 224};
const std::vector<int64_t> kFeature{3,   16,  32,  64,  96,   128,  192,  256,
                                    320, 384, 512, 768, 1024, 1280, 2048, 4096};

void capElements(Dims& dims) {
    auto elements = [&] {
        int64_t n = 1;
        for (int64_t d : dims) n *= d;
        return n;
    };
    while (elements() > kMaxElements) {
        auto largest = std::max_element(dims.begin(), dims.end());
        *largest = std::max<int64_t>(1, *largest / 2);
    }
}

Dims randomShape(GeneratorRandom& random, int64_t rank) {
    Dims dims;
    for (int64_t d = 0; d < rank; ++d) {
        if (d == rank - 1)
            dims.push_back(random.pick(kFeature));
        else if (d == 0 && rank >= 3)
            dims.push_back(random.pick(kBatch));
        else
            dims.push_back(random.chance(0.5) ? random.pick(kSpatial) : random.pick(kFeature));
    }
    capElements(dims);
    return dims;
}

ElementType randomFloat(GeneratorRandom& random) {
    return random.chance(0.55) ? ElementType::F32 : ElementType::BF16;
}

// A random permutation layout for a parameter now and then (most are the default).
Dims maybeOddLayout(GeneratorRandom& random, int64_t rank) {
    if (rank < 2 || !random.chance(0.2)) return {};
    Dims m2m;
    for (int64_t d = rank - 1; d >= 0; --d) m2m.push_back(d);
    std::swap(m2m[0], m2m[1]);
    return m2m;
}

// Appends one elementwise step to x (same shape) and returns the new value.
int64_t elementwiseStep(HloBuilder& b, GeneratorRandom& random, int64_t x) {
    const HloInstruction& n = b.at(x);
    const Dims dims = n.dims;
    const ElementType type = n.type;
    switch (random.weighted({3, 3, 2, 1.5, 1, 0.7})) {
        case 0: {
            static const std::vector<uint8_t> unaryOps{hlo::Exponential, hlo::Tanh,     hlo::Negate,
                                                       hlo::Rsqrt,       hlo::Logistic, hlo::Sqrt,
                                                       hlo::Log};
            return b.unary(random.pick(unaryOps), x);
        }
        case 1: {
            static const std::vector<uint8_t> binaryOps{hlo::Add, hlo::Multiply, hlo::Subtract,
                                                        hlo::Maximum, hlo::Divide};
            return b.binary(random.pick(binaryOps), x, b.scalarBroadcast(dims, type));
        }
        case 2:
            return b.binary(random.chance(0.5) ? hlo::Add : hlo::Multiply, x,
                            b.parameter(dims, type));
        case 3: {
            if (dims.empty()) return b.unary(hlo::Negate, x);
            const int64_t last = static_cast<int64_t>(dims.size()) - 1;
            const int64_t bias = b.parameter({dims.back()}, type);
            return b.binary(hlo::Add, x, b.broadcast(bias, dims, {last}));
        }
        case 4: {
            const int64_t zero = b.scalarBroadcast(dims, type);
            return b.select(b.compare(x, zero), x, zero);
        }
        default: {
            const ElementType other =
                type == ElementType::F32 ? ElementType::BF16 : ElementType::F32;
            return b.convert(x, other);
        }
    }
}

int64_t fill(HloBuilder& b, GeneratorRandom& random, int64_t x, int64_t untilNodes) {
    while (b.graph().size() < untilNodes) x = elementwiseStep(b, random, x);
    return x;
}

// An elementwise fusion. Returns its root.
int64_t elementwiseFusion(HloBuilder& b, GeneratorRandom& random, ElementType type,
                          int64_t targetNodes, TileProblem& /*problem*/) {
    const Dims dims = randomShape(random, random.chance(0.1) ? 1 : random.uniformInt(2, 4));
    const int64_t x =
        b.parameter(dims, type, maybeOddLayout(random, static_cast<int64_t>(dims.size())));
    return fill(b, random, elementwiseStep(b, random, x), targetNodes);
}

// A reduction fusion: an elementwise prologue, the reduce, an elementwise epilogue. Returns its
// root.
int64_t reductionFusion(HloBuilder& b, GeneratorRandom& random, ElementType type,
                        int64_t targetNodes, TileProblem& p) {
    const int64_t rank = random.chance(0.2) ? 2 : random.uniformInt(3, 4);
    const Dims dims = randomShape(random, rank);
    Dims reduced{rank - 1};
    if (rank >= 3 && random.chance(0.4)) reduced = {rank - 3 + 1, rank - 1};
    int64_t x = b.parameter(dims, type);
    x = fill(b, random, x, targetNodes / 2);
    const int64_t r = b.reduce(x, reduced);
    p.inputDims = dims;
    p.inputReduced.assign(dims.size(), false);
    for (int64_t d : reduced) p.inputReduced[static_cast<size_t>(d)] = true;
    return fill(b, random, r, targetNodes);
}

// A dot fusion: the dot, a bias, an activation. Returns its root.
int64_t dotFusion(HloBuilder& b, GeneratorRandom& random, ElementType type, int64_t targetNodes,
                  TileProblem& p) {
    Dims lhs = randomShape(random, random.uniformInt(2, 3));
    const Dims rhs{lhs.back(), random.pick(kFeature)};
    const int64_t a = b.parameter(lhs, type);
    const int64_t w = b.parameter(rhs, type);
    const int64_t root = fill(b, random, b.dot(a, w), targetNodes);
    p.kernelDims = rhs;
    p.kernelContractedDim = 0;
    p.kernelBytes = static_cast<double>(b.at(w).bytes());
    return root;
}

// A convolution fusion. Returns its root.
int64_t convolutionFusion(HloBuilder& b, GeneratorRandom& random, ElementType type,
                          int64_t targetNodes, TileProblem& p) {
    const int64_t k = random.pick(std::vector<int64_t>{1, 3, 3, 5, 7});
    Dims input{random.pick(kBatch), random.pick(kSpatial), 0, random.pick(kFeature)};
    input[2] = input[1];
    capElements(input);
    const Dims filter{k, k, input[3], random.pick(kFeature)};
    const int64_t x = b.parameter(input, type);
    const int64_t f = b.parameter(filter, type);
    const int64_t root =
        fill(b, random, b.convolution(x, f, random.chance(0.25) ? 2 : 1), targetNodes);
    p.kernelDims = filter;
    p.kernelContractedDim = 2;
    p.kernelBytes = static_cast<double>(b.at(f).bytes());
    return root;
}

// Data movement: a transpose, reshape or copy (2-node kernels are common in the real data). Returns
// its root.
int64_t dataMovement(HloBuilder& b, GeneratorRandom& random, ElementType type, int64_t targetNodes,
                     TileProblem& /*problem*/) {
    const int64_t rank = random.uniformInt(2, 4);
    const Dims dims = randomShape(random, rank);
    const int64_t x = b.parameter(dims, type, maybeOddLayout(random, rank));
    int64_t y;
    if (random.chance(0.4)) {
        Dims perm;
        for (int64_t d = 0; d < rank; ++d) perm.push_back(d);
        std::swap(perm[static_cast<size_t>(rank - 1)], perm[static_cast<size_t>(rank - 2)]);
        y = b.transpose(x, perm);
    } else if (random.chance(0.5)) {
        Dims merged(dims.begin(), dims.end() - 1);
        merged.back() *= dims.back();
        y = b.reshape(x, merged);
    } else {
        Dims m2m = b.at(x).minorToMajor;
        std::swap(m2m[0], m2m[1]);
        y = b.copy(x, m2m);
    }
    return fill(b, random, y, targetNodes);
}

}  // namespace

TileKernel buildTileKernel(GeneratorRandom& random, int64_t targetNodes) {
    using Kind = int64_t (*)(HloBuilder&, GeneratorRandom&, ElementType, int64_t, TileProblem&);
    static constexpr Kind kKinds[] = {elementwiseFusion, reductionFusion, dotFusion,
                                      convolutionFusion, dataMovement};
    TileKernel kernel;
    HloBuilder b(kernel.graph);
    TileProblem& p = kernel.problem;
    targetNodes = std::max<int64_t>(2, targetNodes);
    const ElementType type = randomFloat(random);
    const size_t kind = random.weighted({3.0, 2.0, 2.5, 1.0, 1.5});
    const int64_t root = kKinds[kind](b, random, type, targetNodes, p);
    b.markRoot(root);
    const HloInstruction& out = b.at(root);
    p.outputDims = out.dims;
    p.outputMinorToMajor = out.minorToMajor;
    p.elementBytes = elementBytes(out.type);
    for (const HloInstruction& n : kernel.graph.nodes()) {
        p.flops += n.flops;
        if (n.opcode == hlo::Parameter) p.inputBytes += static_cast<double>(n.bytes());
    }
    return kernel;
}

}  // namespace tpugraphs
