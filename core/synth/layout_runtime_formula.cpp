// Layout runtime formula: vector-lane efficiency of dot/convolution layouts, transposes inserted
// where neighbouring layouts disagree, reshapes that stop being bitcasts.
#include "synth/layout_runtime_formula.h"

#include <algorithm>
#include <cmath>

#include "data/layout_configs.h"
#include "synth/generator_random.h"

namespace tpugraphs {

namespace {

constexpr double kFlopsPerNs = 100000.0;  // 100 TFLOP/s matrix unit
constexpr double kBytesPerNs = 800.0;     // 800 GB/s HBM
constexpr double kInstructionNs = 30.0;   // fixed cost of every instruction
constexpr double kFusedShare = 0.25;  // elementwise work is fused: a quarter of its traffic remains
constexpr double kTransposeBytesPerNs =
    kBytesPerNs / 3.0;                  // a layout change runs at a third of HBM speed
constexpr double kStreamPenalty = 2.0;  // dot/conv operand not streamed along its minor dimension

uint32_t packPermutation(const Dims& perm) {
    float six[6] = {-1, -1, -1, -1, -1, -1};
    for (size_t i = 0; i < perm.size() && i < 6; ++i) six[i] = static_cast<float>(perm[i]);
    return packLayoutGroup(six);
}

Dims descendingPermutation(size_t rank) {
    Dims perm;
    for (int64_t d = static_cast<int64_t>(rank) - 1; d >= 0; --d) perm.push_back(d);
    return perm;
}

int64_t roundUp(int64_t a, int64_t b) {
    return (a + b - 1) / b * b;
}

// >= 1: how much slower the vector/matrix units run when this layout's minor-most dimension
// (128 lanes) and second-minor dimension (8 sublanes) are badly filled, or when the dimension
// the operation streams along (`preferredMinor`) is not the minor-most one.
double layoutEfficiency(const Dims& dims, const Dims& perm, int64_t preferredMinor) {
    if (perm.empty()) return 1.0;
    const int64_t minor = std::max<int64_t>(1, dims[static_cast<size_t>(perm[0])]);
    double f = 1.0 + 0.3 * std::log2(static_cast<double>(roundUp(minor, 128)) /
                                     static_cast<double>(minor));
    if (perm.size() >= 2) {
        const int64_t second = std::max<int64_t>(1, dims[static_cast<size_t>(perm[1])]);
        f *= 1.0 +
             0.2 * std::log2(static_cast<double>(roundUp(second, 8)) / static_cast<double>(second));
    }
    if (preferredMinor >= 0 && perm[0] != preferredMinor) f *= kStreamPenalty;
    return f;
}

// The layouts a config may pick for a tensor: every permutation up to rank 3; for rank >= 4 the
// row-major one, the tensor's default, a swap of the two minor dims, and two random ones.
std::vector<Dims> layoutMenu(const Dims& dims, const Dims& tensorDefault, GeneratorRandom& random) {
    const size_t rank = dims.size();
    std::vector<Dims> menu;
    if (rank == 0) return menu;
    Dims perm = descendingPermutation(rank);
    if (rank <= 3) {
        std::sort(perm.begin(), perm.end());
        do menu.push_back(perm);
        while (std::next_permutation(perm.begin(), perm.end()));
        return menu;
    }
    menu.push_back(perm);
    menu.push_back(tensorDefault);
    std::swap(perm[0], perm[1]);
    menu.push_back(perm);
    for (int i = 0; i < 2; ++i) {
        Dims shuffled = descendingPermutation(rank);
        random.shuffle(shuffled);
        menu.push_back(shuffled);
    }
    std::vector<Dims> unique;
    for (const Dims& p : menu)
        if (std::find(unique.begin(), unique.end(), p) == unique.end()) unique.push_back(p);
    return unique;
}

int64_t streamDim(const Dims& dims, StreamDim rule) {
    const int64_t last = static_cast<int64_t>(dims.size()) - 1;
    if (rule == StreamDim::Last) return last;
    auto fill = [&](int64_t d) {
        const int64_t m = std::max<int64_t>(1, dims[static_cast<size_t>(d)]);
        return static_cast<double>(m) / static_cast<double>(roundUp(m, 128));
    };
    int64_t best = last;
    for (int64_t d = last - 1; d >= 0; --d)
        if (fill(d) > fill(best) || (fill(d) == fill(best) && dims[static_cast<size_t>(d)] >
                                                                  dims[static_cast<size_t>(best)]))
            best = d;
    return best;
}

}  // namespace

LayoutRuntimeFormula::LayoutRuntimeFormula(const SyntheticHloGraph& graph,
                                           const std::vector<int64_t>& configurable,
                                           GeneratorRandom& random, StreamDim stream) {
    std::vector<int64_t> index(static_cast<size_t>(graph.size()), -1);
    for (size_t j = 0; j < configurable.size(); ++j)
        index[static_cast<size_t>(configurable[j])] = static_cast<int64_t>(j);
    m_nodes.resize(configurable.size());

    auto makeSlot = [&](Slot& slot, const HloInstruction& tensor, int64_t producerId,
                        int64_t preferredMinor) {
        slot.used = true;
        slot.producer = producerId >= 0 ? index[static_cast<size_t>(producerId)] : -1;
        slot.producerDefault = packPermutation(tensor.minorToMajor);
        slot.copyNs = 2.0 * static_cast<double>(tensor.bytes()) / kTransposeBytesPerNs;
        slot.packed.push_back(packPermutation({}));
        slot.efficiency.push_back(1.0);
        slot.rowMajor = packPermutation(descendingPermutation(tensor.dims.size()));
        auto remember = [&](const Dims& perm) {
            const uint32_t p = packPermutation(perm);
            for (const auto& k : slot.known)
                if (k.first == p) return;
            slot.known.emplace_back(p, layoutEfficiency(tensor.dims, perm, preferredMinor));
        };
        for (const Dims& perm : layoutMenu(tensor.dims, tensor.minorToMajor, random)) {
            slot.packed.push_back(packPermutation(perm));
            slot.efficiency.push_back(layoutEfficiency(tensor.dims, perm, preferredMinor));
            remember(perm);
        }
        remember(tensor.minorToMajor);
        if (slot.producer >= 0) {  // the producer's own output menu reaches this tensor too
            for (const auto& k : m_nodes[static_cast<size_t>(slot.producer)].output.known) {
                bool seen = false;
                for (const auto& mine : slot.known) seen = seen || mine.first == k.first;
                if (!seen) {
                    float six[6];
                    unpackLayoutGroup(k.first, six);
                    Dims perm;
                    for (float v : six)
                        if (v >= 0) perm.push_back(static_cast<int64_t>(v));
                    remember(perm);
                }
            }
        }
    };

    for (size_t j = 0; j < configurable.size(); ++j) {
        const HloInstruction& n = graph.node(configurable[j]);
        Node& node = m_nodes[j];
        node.opcode = n.opcode;
        const bool contraction = n.opcode == hlo::Dot || n.opcode == hlo::Convolution;
        makeSlot(node.output, n, -1, contraction ? streamDim(n.dims, stream) : -1);
        node.output.producer = -1;
        if (!n.operands.empty()) {
            const HloInstruction& in = graph.node(n.operands[0]);
            makeSlot(node.input, in, n.operands[0], contraction ? streamDim(in.dims, stream) : -1);
        }
        if (contraction && n.operands.size() >= 2) {
            const HloInstruction& k = graph.node(n.operands[1]);
            makeSlot(node.kernel, k, n.operands[1], streamDim(k.dims, stream));
            node.computeNs =
                n.flops / kFlopsPerNs +
                static_cast<double>(n.bytes() + graph.node(n.operands[0]).bytes() + k.bytes()) /
                    kBytesPerNs;
        }
    }
    for (int64_t u = 0; u < graph.size(); ++u) {
        const HloInstruction& n = graph.node(u);
        const bool userConfigurable = index[static_cast<size_t>(u)] >= 0;
        if (!userConfigurable)
            m_base +=
                kInstructionNs + kFusedShare * 2.0 * static_cast<double>(n.bytes()) / kBytesPerNs;
        for (int64_t v : n.operands) {
            const int64_t j = index[static_cast<size_t>(v)];
            if (j >= 0 && !userConfigurable) m_nodes[static_cast<size_t>(j)].hasPlainUsers = true;
        }
    }
}

LayoutChoice LayoutRuntimeFormula::randomChoice(int64_t j, GeneratorRandom& random,
                                                bool explicitOnly) const {
    const Node& n = m_nodes[static_cast<size_t>(j)];
    auto pickIn = [&](const Slot& s) -> uint8_t {
        if (!s.used || s.packed.size() <= 1) return 0;
        if (!explicitOnly && random.chance(0.3)) return 0;
        return static_cast<uint8_t>(
            random.uniformInt(1, static_cast<int64_t>(s.packed.size()) - 1));
    };
    LayoutChoice c;
    c.output = pickIn(n.output);
    c.input = pickIn(n.input);
    c.kernel = pickIn(n.kernel);
    return c;
}

LayoutChoice LayoutRuntimeFormula::defaultChoice(int64_t j) const {
    const Node& n = m_nodes[static_cast<size_t>(j)];
    auto find = [](const Slot& s, uint32_t packed) -> uint8_t {
        for (size_t i = 1; i < s.packed.size(); ++i)
            if (s.packed[i] == packed) return static_cast<uint8_t>(i);
        return 0;
    };
    LayoutChoice c;
    c.output = find(n.output, n.output.producerDefault);
    if (n.input.used)
        c.input = find(n.input,
                       n.input.producer >= 0
                           ? m_nodes[static_cast<size_t>(n.input.producer)].output.producerDefault
                           : n.input.producerDefault);
    if (n.kernel.used)
        c.kernel = find(n.kernel,
                        n.kernel.producer >= 0
                            ? m_nodes[static_cast<size_t>(n.kernel.producer)].output.producerDefault
                            : n.kernel.producerDefault);
    return c;
}

void LayoutRuntimeFormula::pack(int64_t j, const LayoutChoice& choice, uint32_t* groups) const {
    const Node& n = m_nodes[static_cast<size_t>(j)];
    const uint32_t none = packPermutation({});
    groups[0] = n.output.used ? n.output.packed[choice.output] : none;
    groups[1] = n.input.used ? n.input.packed[choice.input] : none;
    groups[2] = n.kernel.used ? n.kernel.packed[choice.kernel] : none;
}

double LayoutRuntimeFormula::efficiencyOf(const Slot& slot, uint32_t packed) const {
    for (const auto& k : slot.known)
        if (k.first == packed) return k.second;
    return 1.0;
}

uint32_t LayoutRuntimeFormula::resolvedOutput(const LayoutChoice* choices, int64_t j) const {
    const Node& n = m_nodes[static_cast<size_t>(j)];
    const uint8_t c = choices[j].output;
    return c == 0 ? n.output.producerDefault : n.output.packed[c];
}

double LayoutRuntimeFormula::cost(const LayoutChoice* choices) const {
    double total = m_base;
    for (size_t j = 0; j < m_nodes.size(); ++j) {
        const Node& n = m_nodes[j];
        const LayoutChoice& c = choices[j];
        const uint32_t out = resolvedOutput(choices, static_cast<int64_t>(j));
        // An operand's layout: the explicit choice, else whatever its producer emits. An explicit
        // layout that differs from what the producer emits costs a transpose of the operand.
        auto operandLayout = [&](const Slot& s, uint8_t choice) -> uint32_t {
            const uint32_t produced =
                s.producer >= 0 ? resolvedOutput(choices, s.producer) : s.producerDefault;
            if (choice == 0) return produced;
            if (s.packed[choice] != produced) total += s.copyNs;
            return s.packed[choice];
        };
        const uint32_t in = n.input.used ? operandLayout(n.input, c.input) : 0;
        const uint32_t kernel = n.kernel.used ? operandLayout(n.kernel, c.kernel) : 0;
        if (n.hasPlainUsers && out != n.output.producerDefault)
            total += n.output.copyNs;  // copy back
        if (n.opcode == hlo::Reshape) {
            // A reshape is a free bitcast only between row-major layouts; otherwise a copy.
            const bool outRowMajor = out == n.output.rowMajor;
            const bool inRowMajor = !n.input.used || in == n.input.rowMajor;
            if (!(outRowMajor && inRowMajor)) total += n.output.copyNs;
        } else if (n.computeNs > 0.0) {
            total += n.computeNs * efficiencyOf(n.output, out) * efficiencyOf(n.input, in) *
                     efficiencyOf(n.kernel, kernel);
        }
    }
    return total;
}

}  // namespace tpugraphs
