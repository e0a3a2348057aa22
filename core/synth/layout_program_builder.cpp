// Synthetic whole programs for the layout collections, assembled from model-like blocks.
#include "synth/layout_program_builder.h"

#include <algorithm>

#include "synth/generator_random.h"
#include "synth/hlo_builder.h"

namespace tpugraphs {

namespace {

// Builds one computation's blocks; weights come out of a tuple parameter (get-tuple-element).
class ProgramWriter {
public:
    ProgramWriter(HloBuilder& builder, GeneratorRandom& random, ElementType type)
        : m_b(builder), m_random(random), m_type(type) {}

    void startComputation(int64_t weightCount) {
        m_b.beginComputation();
        m_weights = m_b.parameter({}, ElementType::Tuple);
        m_b.graph().node(m_weights).type = ElementType::Tuple;
        m_b.graph().node(m_weights).tupleSize = weightCount;
        m_outputs.clear();
    }
    // Ends the computation in a tuple root; a training step also returns every weight updated
    // by SGD (w - lr * w stands in for the gradient), which gives the wide tuples of real programs.
    void finishComputation(int64_t result) {
        m_outputs.push_back(result);
        if (m_random.chance(0.6)) {
            for (int64_t w : m_fetched) {
                const Dims dims = m_b.at(w).dims;
                const int64_t step =
                    m_b.binary(hlo::Multiply, w, m_b.scalarBroadcast(dims, ElementType::F32));
                m_outputs.push_back(m_b.binary(hlo::Subtract, w, step));
            }
        }
        m_b.markRoot(m_b.tuple(m_outputs));
        m_fetched.clear();
    }

    int64_t weight(const Dims& dims) {
        const int64_t w = m_b.getTupleElement(m_weights, dims, ElementType::F32);
        m_fetched.push_back(w);
        return m_type == ElementType::F32 ? w : m_b.convert(w, m_type);
    }
    int64_t broadcastWeight(const Dims& dims, int64_t dim) {
        return m_b.broadcast(weight({dims[static_cast<size_t>(dim)]}), dims, {dim});
    }

    // Normalises over the last dimension (layer norm) or over all but the last (batch norm).
    int64_t normalize(int64_t x, bool overLast) {
        const Dims dims = m_b.at(x).dims;
        const int64_t rank = static_cast<int64_t>(dims.size());
        Dims reduced, kept;
        for (int64_t d = 0; d < rank; ++d)
            ((d == rank - 1) == overLast ? reduced : kept).push_back(d);
        Dims statDims;
        for (int64_t d : kept) statDims.push_back(dims[static_cast<size_t>(d)]);
        const int64_t mean = m_b.reduce(x, reduced);
        const int64_t centered = m_b.binary(hlo::Subtract, x, m_b.broadcast(mean, dims, kept));
        const int64_t variance = m_b.reduce(m_b.binary(hlo::Multiply, centered, centered), reduced);
        const int64_t eps = m_b.binary(hlo::Add, variance, m_b.scalarBroadcast(statDims, m_type));
        const int64_t inv = m_b.unary(hlo::Rsqrt, eps);
        int64_t y = m_b.binary(hlo::Multiply, centered, m_b.broadcast(inv, dims, kept));
        y = m_b.binary(hlo::Multiply, y, broadcastWeight(dims, rank - 1));
        return m_b.binary(hlo::Add, y, broadcastWeight(dims, rank - 1));
    }
    int64_t softmaxLast(int64_t x) {
        const Dims dims = m_b.at(x).dims;
        const int64_t rank = static_cast<int64_t>(dims.size());
        Dims kept;
        for (int64_t d = 0; d + 1 < rank; ++d) kept.push_back(d);
        const int64_t maxv = m_b.reduce(x, {rank - 1});  // max
        const int64_t e = m_b.unary(hlo::Exponential,
                                    m_b.binary(hlo::Subtract, x, m_b.broadcast(maxv, dims, kept)));
        const int64_t sum = m_b.reduce(e, {rank - 1});
        return m_b.binary(hlo::Divide, e, m_b.broadcast(sum, dims, kept));
    }
    int64_t dropout(int64_t x) {
        const Dims dims = m_b.at(x).dims;
        const int64_t keep = m_b.compare(m_b.iota(dims, ElementType::U32),
                                         m_b.scalarBroadcast(dims, ElementType::U32));
        return m_b.select(keep, x, m_b.scalarBroadcast(dims, m_type));
    }
    int64_t gelu(int64_t x) {
        const Dims dims = m_b.at(x).dims;
        const int64_t t =
            m_b.unary(hlo::Tanh, m_b.binary(hlo::Multiply, x, m_b.scalarBroadcast(dims, m_type)));
        return m_b.binary(hlo::Multiply, x,
                          m_b.binary(hlo::Add, t, m_b.scalarBroadcast(dims, m_type)));
    }

    // Transformer layer on x [T, H]: reshapes to [B, S, H] around the norms, attention, MLP.
    int64_t transformerBlock(int64_t x, int64_t batch) {
        const Dims flat = m_b.at(x).dims;
        const int64_t t = flat[0], h = flat[1], s = t / batch;
        int64_t x3 = m_b.reshape(x, {batch, s, h});
        x3 = normalize(x3, true);
        if (m_random.chance(0.3)) x3 = m_b.transpose(m_b.transpose(x3, {0, 2, 1}), {0, 2, 1});
        int64_t y = m_b.reshape(x3, {t, h});
        const int64_t q = m_b.dot(y, weight({h, h}));
        int64_t scores = m_b.dot(q, weight({h, s}));
        scores = softmaxLast(scores);
        if (m_random.chance(0.5)) scores = dropout(scores);
        y = m_b.binary(hlo::Add, x, m_b.dot(scores, weight({s, h})));
        const int64_t wide = m_random.pick(std::vector<int64_t>{2, 4});
        int64_t m = m_b.dot(normalizeFlat(y, batch), weight({h, wide * h}));
        m = gelu(m_b.binary(hlo::Add, m, broadcastWeight({t, wide * h}, 1)));
        m = m_b.dot(m, weight({wide * h, h}));
        if (m_random.chance(0.4)) m = m_b.allReduce(m);
        return m_b.binary(hlo::Add, y, m);
    }
    int64_t normalizeFlat(int64_t x, int64_t batch) {
        const Dims flat = m_b.at(x).dims;
        const int64_t r = m_b.reshape(x, {batch, flat[0] / batch, flat[1]});
        return m_b.reshape(normalize(r, true), flat);
    }

    // Conv-net stage on x [N, H, W, C]: convolution(s), batch norm, relu, optional pooling.
    int64_t convBlock(int64_t x) {
        if (m_random.chance(0.15))
            x = m_b.pad(x, {0, 1, 1, 0}, {0, 1, 1, 0});  // explicit spatial padding
        const Dims in = m_b.at(x).dims;
        const int64_t cout =
            std::min<int64_t>(512, in[3] * m_random.pick(std::vector<int64_t>{1, 1, 2}));
        const int64_t k = m_random.pick(std::vector<int64_t>{1, 3, 3, 5});
        int64_t y = m_b.convolution(x, weight({k, k, in[3], cout}), 1);
        if (m_random.chance(0.3)) {  // inception-style branch concatenated on features
            const int64_t branch = m_b.convolution(x, weight({1, 1, in[3], cout}), 1);
            y = m_b.concatenate({y, branch}, 3);
        }
        y = normalize(y, false);
        y = m_b.binary(hlo::Maximum, y, m_b.scalarBroadcast(m_b.at(y).dims, m_type));
        if (m_b.at(y).dims[1] >= 14 && m_random.chance(0.35))
            y = m_b.reduceWindow(y, {1, 2, 2, 1}, {1, 2, 2, 1});
        return y;
    }
    // Global pooling, a dense classifier and its softmax; returns [N, classes].
    int64_t denseHead(int64_t x) {
        const Dims in = m_b.at(x).dims;
        int64_t pooled = m_b.reduce(x, {1, 2});
        pooled = m_b.reshape(pooled, {in[0], in[3]});
        const int64_t logits =
            m_b.dot(pooled, weight({in[3], m_random.pick(std::vector<int64_t>{10, 100, 1000})}));
        return softmaxLast(logits);
    }
    // RNN cell on h [B, H]: gate dots, slices, logistic and tanh.
    int64_t rnnBlock(int64_t hState) {
        const Dims d = m_b.at(hState).dims;
        const int64_t g = m_b.dot(hState, weight({d[1], 4 * d[1]}));
        const int64_t gates = m_b.binary(hlo::Add, g, broadcastWeight({d[0], 4 * d[1]}, 1));
        const int64_t i = m_b.unary(hlo::Logistic, m_b.slice(gates, {0, 0}, {d[0], d[1]}));
        const int64_t f = m_b.unary(hlo::Logistic, m_b.slice(gates, {0, d[1]}, {d[0], 2 * d[1]}));
        const int64_t c = m_b.unary(hlo::Tanh, m_b.slice(gates, {0, 2 * d[1]}, {d[0], 3 * d[1]}));
        const int64_t o =
            m_b.unary(hlo::Logistic, m_b.slice(gates, {0, 3 * d[1]}, {d[0], 4 * d[1]}));
        const int64_t cell = m_b.binary(hlo::Add, m_b.binary(hlo::Multiply, f, hState),
                                        m_b.binary(hlo::Multiply, i, c));
        return m_b.binary(hlo::Multiply, o, m_b.unary(hlo::Tanh, cell));
    }

private:
    HloBuilder& m_b;
    GeneratorRandom& m_random;
    ElementType m_type;
    int64_t m_weights = -1;
    std::vector<int64_t> m_outputs;
    std::vector<int64_t> m_fetched;  // weights read in this computation
};

void buildNlpComputation(ProgramWriter& w, HloBuilder& b, GeneratorRandom& random,
                         int64_t untilNodes, ElementType type) {
    const int64_t batch = random.pick(std::vector<int64_t>{1, 2, 4, 8, 16});
    const int64_t seq = random.pick(std::vector<int64_t>{64, 128, 256, 512});
    const int64_t hidden = random.pick(std::vector<int64_t>{128, 256, 512, 768, 1024});
    w.startComputation(16);
    int64_t x = b.parameter({batch * seq, hidden}, type);
    do x = w.transformerBlock(x, batch);
    while (b.graph().size() < untilNodes);
    w.finishComputation(x);
}

void buildXlaComputation(ProgramWriter& w, HloBuilder& b, GeneratorRandom& random,
                         int64_t untilNodes, ElementType type) {
    w.startComputation(16);
    if (random.chance(0.3)) {  // RNN-style program
        const int64_t batch = random.pick(std::vector<int64_t>{8, 16, 32, 64});
        int64_t h =
            b.parameter({batch, random.pick(std::vector<int64_t>{128, 256, 512, 1024})}, type);
        do h = w.rnnBlock(h);
        while (b.graph().size() < untilNodes);
        w.finishComputation(h);
        return;
    }
    const int64_t size = random.pick(std::vector<int64_t>{28, 32, 56, 64, 112});
    int64_t x = b.parameter({random.pick(std::vector<int64_t>{2, 4, 8, 16}), size, size,
                             random.pick(std::vector<int64_t>{3, 16, 32, 64})},
                            type);
    do x = w.convBlock(x);
    while (b.graph().size() < untilNodes - 12);
    w.finishComputation(w.denseHead(x));
}

}  // namespace

SyntheticHloGraph buildLayoutProgram(GeneratorRandom& random, int64_t targetNodes,
                                     ProgramFamily family) {
    SyntheticHloGraph graph;
    HloBuilder b(graph);
    targetNodes = std::max<int64_t>(40, targetNodes);
    const ElementType type = random.chance(0.6) ? ElementType::BF16 : ElementType::F32;
    addScalarReducers(b, static_cast<int>(std::min<int64_t>(64, 4 + targetNodes / 30)));
    ProgramWriter writer(b, random, type);
    const int computations = targetNodes < 400 ? 1 : static_cast<int>(random.uniformInt(1, 4));
    for (int c = 0; c < computations; ++c) {
        const int64_t until = targetNodes * (c + 1) / computations;
        if (family == ProgramFamily::Nlp || (c > 0 && random.chance(0.3)))
            buildNlpComputation(writer, b, random, until, type);
        else
            buildXlaComputation(writer, b, random, until, type);
    }
    // The entry computation: runs the training step in a while loop over (step, weights).
    b.beginComputation();
    const int64_t step = b.parameter({}, ElementType::S32);
    const int64_t weights = b.parameter({}, ElementType::Tuple);
    graph.node(weights).tupleSize = 16;
    const int64_t loop = b.whileLoop(b.tuple({step, weights}));
    b.markRoot(b.tuple({b.getTupleElement(loop, {}, ElementType::S32),
                        b.getTupleElement(loop, {}, ElementType::Tuple)}));
    return graph;
}

std::vector<int64_t> configurableNodes(const SyntheticHloGraph& graph, GeneratorRandom& random) {
    std::vector<int64_t> ids;
    for (int64_t i = 0; i < graph.size(); ++i) {
        const uint8_t op = graph.node(i).opcode;
        if (op == hlo::Dot || op == hlo::Convolution || (op == hlo::Reshape && random.chance(0.3)))
            ids.push_back(i);
    }
    return ids;
}

}  // namespace tpugraphs
