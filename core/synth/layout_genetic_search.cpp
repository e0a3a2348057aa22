// Genetic layout search: tournament selection, per-node crossover, Poisson mutations,
// replace-the-slowest; its parameters set how tightly the measured configs gather at the best.
#include "synth/layout_genetic_search.h"

#include <algorithm>
#include <cmath>

#include "synth/generator_random.h"

namespace tpugraphs {

namespace {

constexpr size_t kPopulation = 32;
constexpr size_t kTournament = 3;
constexpr double kCrossover = 0.3;         // share of children with two parents
constexpr double kRemeasured = 0.25;       // share of children that re-measure their parent
constexpr double kMutations = 2.5;         // mean mutated genes of the other children
constexpr double kInitialMutations = 3.0;  // mean mutated genes of the first population
constexpr double kImmigrants = 0.015;      // share of children that are immigrants
constexpr double kImmigrantShare = 0.5;    // an immigrant redraws up to this share of nodes
constexpr size_t kUnrecorded = 2000;       // measurements before the first recorded one,
constexpr size_t kUnrecordedPerNode = 30;  // plus this many per configurable node

}  // namespace

LayoutGeneticSearch::LayoutGeneticSearch(const LayoutRuntimeFormula& model, GeneratorRandom& random)
    : m_model(model), m_random(random) {
    const size_t unrecorded =
        kUnrecorded + kUnrecordedPerNode * static_cast<size_t>(model.configurableCount());
    for (size_t i = 0; i < unrecorded; ++i) next();
}

int64_t LayoutGeneticSearch::poisson(double mean) {
    const double limit = std::exp(-mean);
    int64_t k = 0;
    for (double p = m_random.uniform(); p > limit; p *= m_random.uniform()) ++k;
    return k;
}

void LayoutGeneticSearch::mutate(std::vector<LayoutChoice>& choices, int64_t genes) {
    const int64_t nodes = static_cast<int64_t>(choices.size());
    for (int64_t m = 0; m < genes && nodes > 0; ++m) {
        // One gene: the output, input or kernel layout of one node.
        const int64_t j = m_random.uniformInt(0, nodes - 1);
        const LayoutChoice fresh = m_model.randomChoice(j, m_random);
        LayoutChoice& c = choices[static_cast<size_t>(j)];
        switch (m_random.uniformInt(0, 2)) {
            case 0:
                c.output = fresh.output;
                break;
            case 1:
                c.input = fresh.input;
                break;
            default:
                c.kernel = fresh.kernel;
        }
    }
}

size_t LayoutGeneticSearch::tournament() {
    size_t best =
        static_cast<size_t>(m_random.uniformInt(0, static_cast<int64_t>(m_population.size()) - 1));
    for (size_t t = 1; t < kTournament; ++t) {
        const size_t other = static_cast<size_t>(
            m_random.uniformInt(0, static_cast<int64_t>(m_population.size()) - 1));
        if (m_population[other].cost < m_population[best].cost) best = other;
    }
    return best;
}

void LayoutGeneticSearch::breed() {
    const size_t nodes = static_cast<size_t>(m_model.configurableCount());
    if (m_population.empty()) {  // the compiler's own layouts come first
        m_choices.resize(nodes);
        for (size_t j = 0; j < nodes; ++j) m_choices[j] = m_model.defaultChoice(int64_t(j));
    } else if (m_population.size() < kPopulation) {
        m_choices = m_population.front().choices;
        mutate(m_choices, 1 + poisson(kInitialMutations - 1.0));
    } else if (m_random.chance(kImmigrants)) {
        m_choices = m_population[tournament()].choices;
        const double share = m_random.uniform(0.0, kImmigrantShare);
        for (size_t j = 0; j < nodes; ++j)
            if (m_random.chance(share)) m_choices[j] = m_model.randomChoice(int64_t(j), m_random);
    } else {
        m_choices = m_population[tournament()].choices;
        if (m_random.chance(kRemeasured)) return;
        if (m_random.chance(kCrossover)) {
            const std::vector<LayoutChoice>& other = m_population[tournament()].choices;
            for (size_t j = 0; j < nodes; ++j)
                if (m_random.chance(0.5)) m_choices[j] = other[j];
        }
        mutate(m_choices, 1 + poisson(kMutations - 1.0));
    }
}

const std::vector<LayoutChoice>& LayoutGeneticSearch::next() {
    breed();
    const double cost = m_model.cost(m_choices.data());
    if (m_population.size() < kPopulation) {
        m_population.push_back({m_choices, cost});
    } else {
        auto slowest =
            std::max_element(m_population.begin(), m_population.end(),
                             [](const Member& a, const Member& b) { return a.cost < b.cost; });
        if (cost < slowest->cost) *slowest = {m_choices, cost};
    }
    return m_choices;
}

}  // namespace tpugraphs
