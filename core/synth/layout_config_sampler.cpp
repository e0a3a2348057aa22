// Layout config samplers: scattered changes from the compiler's layouts (demo collections) and
// random search, and the factory that also builds the genetic search.
#include "synth/layout_config_sampler.h"

#include "synth/generator_random.h"
#include "synth/layout_genetic_search.h"

namespace tpugraphs {

namespace {

// Each config changes a random share of the nodes (uniform in minChanged..maxChanged) to a random
// choice of their menus, the others keep the compiler's layouts; a random share (uniform in
// 0..maxRepeated, drawn once per file) of the configs repeats one of the first 64 fresh ones.
class ScatteredSampler : public LayoutConfigSampler {
public:
    ScatteredSampler(const LayoutRuntimeFormula& model, GeneratorRandom& random, double minChanged,
                     double maxChanged, double maxRepeated)
        : m_model(model),
          m_random(random),
          m_minChanged(minChanged),
          m_maxChanged(maxChanged),
          m_repeated(random.uniform(0.0, maxRepeated)),
          m_choices(static_cast<size_t>(model.configurableCount())) {}

    const std::vector<LayoutChoice>& next() override {
        const bool repeat = m_count++ > 0 && m_random.chance(m_repeated);
        if (repeat && !m_kept.empty()) {
            m_choices = m_kept[static_cast<size_t>(
                m_random.uniformInt(0, static_cast<int64_t>(m_kept.size()) - 1))];
            return m_choices;
        }
        const double changed = m_random.uniform(m_minChanged, m_maxChanged);
        for (size_t j = 0; j < m_choices.size(); ++j)
            m_choices[j] = m_random.chance(changed)
                               ? m_model.randomChoice(static_cast<int64_t>(j), m_random)
                               : m_model.defaultChoice(static_cast<int64_t>(j));
        if (m_kept.size() < 64) m_kept.push_back(m_choices);
        return m_choices;
    }

private:
    const LayoutRuntimeFormula& m_model;
    GeneratorRandom& m_random;
    const double m_minChanged, m_maxChanged;
    const double m_repeated;
    size_t m_count = 0;
    std::vector<LayoutChoice> m_choices;
    std::vector<std::vector<LayoutChoice>> m_kept;  // fresh configs that later ones may repeat
};

}  // namespace

std::unique_ptr<LayoutConfigSampler> makeLayoutConfigSampler(LayoutSearch search,
                                                             const LayoutRuntimeFormula& model,
                                                             GeneratorRandom& random) {
    switch (search) {
        case LayoutSearch::ScatteredNearDefault:
            return std::make_unique<ScatteredSampler>(model, random, 0.0, 0.6, 0.3);
        case LayoutSearch::ScatteredRandom:
            return std::make_unique<ScatteredSampler>(model, random, 0.0, 1.0, 0.05);
        case LayoutSearch::Random:
            return std::make_unique<ScatteredSampler>(model, random, 1.0, 1.0, 0.05);
        default:
            return std::make_unique<LayoutGeneticSearch>(model, random);
    }
}

}  // namespace tpugraphs
