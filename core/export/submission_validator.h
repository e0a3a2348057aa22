// Checking a submission CSV before upload: header, IDs, index lists, counts, and (with a dataset)
// config ranges and permutations. Reads line by line, so files of any size are fine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "data/dataset.h"

namespace tpugraphs {

// Rows per collection of the full competition test set: 894 in all.
const std::vector<std::pair<Collection, int64_t>>& fullSubmissionRowCounts();
constexpr int64_t kFullSubmissionRows = 894;  // 844 + 8 + 8 + 17 + 17

// Whether the file must be a complete competition submission (894 unique IDs, 844/8/8/17/17),
// as Kaggle requires. Always is the competition's rule and the default; Never checks a partial
// file (one collection at a time); Auto: full when rows of all five collections are present.
enum class FullCheck { Auto, Always, Never };

struct SubmissionValidationOptions {
    FullCheck full = FullCheck::Always;
    // ID ("tile:xla:<stem>", ...) -> config count C, e.g. from configCountsFromDataset. When set,
    // every row's graph must be in it, tile indices must be < C, layout rows a permutation of
    // 0..C-1, and a full file must cover every graph in it.
    const std::map<std::string, int64_t>* configCounts = nullptr;
    // With configCounts: rows of graphs absent from it are errors unless this is set (a file
    // completed from a template covers graphs a partial dataset does not have).
    bool allowUnknownGraphs = false;
    size_t maxReportedErrors = 100;  // errorCount still counts them all
};

struct SubmissionIssue {
    int64_t line = 0;  // 1-based line of the file; 0 = about the whole file (e.g. the row count)
    std::string message;
};

struct SubmissionReport {
    int64_t rows = 0;                                               // data rows read
    std::vector<std::pair<Collection, int64_t>> rowsPerCollection;  // official order, all five
    bool checkedAsFull = false;
    bool checkedAgainstDataset = false;
    int64_t uncheckedRows = 0;  // with allowUnknownGraphs: rows of graphs the dataset lacks
    int64_t errorCount = 0;
    std::vector<SubmissionIssue> errors;  // the first maxReportedErrors, in file order
    // Accepted by Kaggle but worth knowing, e.g. a layout row that lists 1000 of a graph's 1001
    // configs (Kaggle's own sample submission has one, and Kaggle scored such files).
    int64_t warningCount = 0;
    std::vector<SubmissionIssue> warnings;

    bool ok() const { return errorCount == 0; }
    // "layout:xla:default 0 of 8, layout:nlp:random 3 of 17": collections short of the full
    // competition file; empty when every collection has its rows.
    std::string missingRowsText() const;
};

// Config counts of every graph of `split` under a dataset root, read from the npz headers,
// keyed by submission ID. Throws DataError when root is not a dataset root.
std::map<std::string, int64_t> configCountsFromDataset(const std::string& root, Split split);
std::map<std::string, int64_t> configCountsOf(const DatasetIndex& index, Split split);

SubmissionReport validateSubmission(std::istream& in,
                                    const SubmissionValidationOptions& options = {});
// Throws std::runtime_error when the file cannot be opened.
SubmissionReport validateSubmissionFile(const std::string& path,
                                        const SubmissionValidationOptions& options = {});

}  // namespace tpugraphs
