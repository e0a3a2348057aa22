// Turning per-config predicted scores into orders. Convention used everywhere in the project:
// a model's prediction is a score where LOWER means predicted FASTER, so ranking = argsort
// ascending.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tpugraphs {

// Config indices sorted by score ascending (predicted fastest first). Ties keep the lower index
// first (stable), NaN scores go last. O(C log C).
std::vector<int64_t> rankByScore(const std::vector<float>& scores);

// The first min(k, C) entries of rankByScore(scores), computed with a partial sort.
std::vector<int64_t> topKByScore(const std::vector<float>& scores, size_t k);

// Ensemble of several models' scores of the same C configs: each model's scores become
// normalised ranks (0 = its fastest, 1 = its slowest; ties share their mean rank), which are
// averaged per config. Ranks make models with different score scales count equally.
// Throws std::invalid_argument when the score vectors differ in length or none is given.
std::vector<float> meanNormalizedRanks(const std::vector<std::vector<float>>& scores);

}  // namespace tpugraphs
