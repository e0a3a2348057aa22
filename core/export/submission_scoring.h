// Scoring a submission (rows of config indices) against the ground truth of a dataset split.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "data/dataset.h"
#include "export/submission_row.h"
#include "metrics/score_aggregation.h"

namespace tpugraphs {

struct SubmissionScore {
    std::vector<GraphScore> graphs;  // one per scored graph
    CompetitionScore summary;
    size_t graphsWithoutRow = 0;  // dataset graphs the submission has no row for (not scored)
    size_t rowsWithoutGraph = 0;  // rows whose ID is not a graph of the split (ignored)
    size_t unreadableGraphs = 0;  // graphs of the split whose headers are invalid (not scored)
    std::vector<std::string> missingIds;  // the first few graphs without a row, for messages
};

// Tile rows score 2 - min(runtime of listed)/min(all); layout rows give Kendall tau-b between
// rank position and runtime. Every graph of `split` in `index` is matched by ID;
// `progress(done, total)` may be empty. Throws DataError for an
// unreadable file and std::invalid_argument (naming the ID) for an index out of range or a
// layout row that is not a permutation of the graph's configs.
// The file of an entry: its path as is when it exists, else relative to the index root.
std::string graphFilePath(const DatasetIndex& index, const GraphEntry& graph);

SubmissionScore scoreSubmission(const std::vector<SubmissionRow>& rows, const DatasetIndex& index,
                                Split split,
                                const std::function<void(size_t, size_t)>& progress = {});

}  // namespace tpugraphs
