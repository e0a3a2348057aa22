// Parsing one line of a submission CSV (`ID,TopConfigs`) and splitting an ID into its parts.
#pragma once

#include <string>

#include "export/submission_row.h"

namespace tpugraphs {

constexpr const char* kSubmissionHeader = "ID,TopConfigs";

// Splits "layout:nlp:random:<stem>" into Collection::LayoutNlpRandom and stem; "tile:xla:<stem>"
// into Collection::TileXla and stem. Returns false (and sets *problem) for an unknown prefix or
// empty stem.
bool splitSubmissionId(const std::string& id, Collection* collection, std::string* stem,
                       std::string* problem);

// Parses `ID,TopConfigs` (a trailing '\r' is ignored) into row. Returns false and sets *problem
// when the line does not have exactly two fields, the ID is empty, or the index list is not
// well formed (non-empty, ';'-separated non-negative decimal integers, no empty entries).
bool parseSubmissionLine(const std::string& line, SubmissionRow* row, std::string* problem);

}  // namespace tpugraphs
