// One row of a Kaggle submission and how to build it from per-config predicted scores
// (lower score = predicted faster).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "data/collection.h"

namespace tpugraphs {

constexpr int kTileSubmissionConfigs = 5;  // tile rows list exactly 5 indices

struct SubmissionRow {
    std::string id;  // "tile:xla:<stem>" or "layout:{xla|nlp}:{default|random}:<stem>"
    std::vector<int64_t> configs;  // fastest first
    int64_t line = 0;              // where a reader found it (1 = the header), 0 when built
};

// "<collection>:<stem>", e.g. submissionId("layout:nlp:random", "abc") = "layout:nlp:random:abc".
std::string submissionId(Collection collection, const std::string& graphName);

// Tile row: the 5 best-predicted configs; with fewer than 5 configs, all of them (fastest first)
// then padded with index 0 as the official baseline does. Throws std::invalid_argument when empty.
SubmissionRow tileSubmissionRow(const std::string& graphName, const std::vector<float>& scores);

// Layout row: the full permutation of all C configs, fastest first.
SubmissionRow layoutSubmissionRow(Collection collection, const std::string& graphName,
                                  const std::vector<float>& scores);

// True when a row of 2 or more configs lists them in index order (0;1;2;...): what a model that
// scores every config alike (collapsed to a constant) produces. A trained model does so by
// chance only on tiny graphs.
bool isIndexOrder(const SubmissionRow& row);

// "3;0;1" (indices joined by ';').
std::string joinConfigs(const std::vector<int64_t>& configs);

}  // namespace tpugraphs
