// A non-learned baseline submission: simple config heuristics, so the whole export path can be
// exercised (and a floor measured) before any model exists. Scores: lower = predicted faster.
#pragma once

#include <functional>
#include <vector>

#include "data/dataset.h"
#include "data/layout_graph.h"
#include "data/tile_graph.h"
#include "export/submission_row.h"

namespace tpugraphs {

// Tile: larger output tiles first (score = -output_bounds_product, config feature 15): fewer
// tiles to iterate over.
std::vector<float> tileBaselineScores(const TileGraph& graph);

// Layout: configs that leave fewer layout entries at the compiler default (-1) first
// (score = number of -1 entries over the configurable nodes).
std::vector<float> layoutBaselineScores(const LayoutGraph& graph);

// One row per readable graph of `split` (graphs whose entry has an error are skipped), in the
// index's order. `progress(done, total)` may be empty. Throws DataError for an unreadable file.
std::vector<SubmissionRow> baselineSubmission(
    const DatasetIndex& index, Split split,
    const std::function<void(size_t, size_t)>& progress = {});

}  // namespace tpugraphs
