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

}  // namespace tpugraphs
