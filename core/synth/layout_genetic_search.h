// The layout autotuner's genetic search, as the default collections record it: the configs it
// measured once past its first steps, gathered near the best with a few random ones.
#pragma once

#include <cstdint>
#include <vector>

#include "synth/layout_config_sampler.h"

namespace tpugraphs {

// Steady-state genetic search over the runtime formula's noiseless runtimes. It starts from the
// compiler's layouts and mutants of them. Each later config is a tournament-selected parent,
// sometimes crossed with a second one (per node), with a Poisson number of genes (one layout of
// one node) mutated to a random menu choice, or, rarely, a random config (an immigrant: the
// slow tail); it replaces the population's slowest member when faster. Children with no
// mutation re-measure their parent: the duplicates. The first measurements (the descent from
// the compiler's layouts) are not recorded.
class LayoutGeneticSearch final : public LayoutConfigSampler {
public:
    LayoutGeneticSearch(const LayoutRuntimeFormula& model, GeneratorRandom& random);
    const std::vector<LayoutChoice>& next() override;

private:
    struct Member {
        std::vector<LayoutChoice> choices;
        double cost = 0.0;
    };
    void breed();  // writes the next config into m_choices
    size_t tournament();
    void mutate(std::vector<LayoutChoice>& choices, int64_t genes);
    int64_t poisson(double mean);

    const LayoutRuntimeFormula& m_model;
    GeneratorRandom& m_random;
    std::vector<Member> m_population;
    std::vector<LayoutChoice> m_choices;  // the config returned last
};

}  // namespace tpugraphs
