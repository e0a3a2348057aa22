// Parsing one line of a submission CSV (`ID,TopConfigs`) and splitting an ID into its parts.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

#include "export/submission_row.h"

namespace tpugraphs {

constexpr const char* kSubmissionHeader = "ID,TopConfigs";
// Readers of submission files keep at most this much of a line (a layout row ranking a million
// configs fits; the longest real one, 100,040 configs, takes 0.6 MB) and of an ID.
constexpr size_t kMaxSubmissionLineBytes = size_t(16) << 20;
constexpr size_t kMaxSubmissionIdBytes = 256;
// ... and at most this many rows (a competition submission has 894): each is held in memory.
constexpr int64_t kMaxSubmissionRows = 100000;
// "more than 100000 rows ..." for a file with more.
std::string tooManyRowsProblem();

// Reads one line of `in` (without its '\n') into *line; false at the end of the input. Of a line
// longer than kMaxSubmissionLineBytes only that much is kept and *tooLong is set: the rest is
// skipped, never held in memory.
bool readSubmissionLine(std::istream& in, std::string* line, bool* tooLong);
// "line is longer than 16 MiB ..." for a line readSubmissionLine cut.
std::string tooLongLineProblem();

// Splits "layout:nlp:random:<stem>" into Collection::LayoutNlpRandom and stem; "tile:xla:<stem>"
// into Collection::TileXla and stem. Returns false (and sets *problem) for an unknown prefix, an
// empty stem, or one that could not be a graph file's name ('/', '\\', "." or "..").
bool splitSubmissionId(const std::string& id, Collection* collection, std::string* stem,
                       std::string* problem);

// Parses `ID,TopConfigs` (a trailing '\r' is ignored) into row. Returns false and sets *problem
// when the line does not have exactly two fields, the ID is empty or longer than
// kMaxSubmissionIdBytes, or the index list is not
// well formed (non-empty, ';'-separated non-negative decimal integers, no empty entries).
bool parseSubmissionLine(const std::string& line, SubmissionRow* row, std::string* problem);

}  // namespace tpugraphs
