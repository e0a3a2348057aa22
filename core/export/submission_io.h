// Reading and writing submission CSV files (`ID,TopConfigs`).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "export/submission_row.h"

namespace tpugraphs {

// Writes the header and one line per row, in the given order, atomically (an existing file is
// replaced only by a complete one). Throws FileWriteError naming the file when it cannot be
// written.
void writeSubmission(const std::string& path, const std::vector<SubmissionRow>& rows);

// Writes the header and the rows as CSV text to a stream.
void writeSubmission(std::ostream& out, const std::vector<SubmissionRow>& rows);

// Reads every row of a submission (line by line). Throws std::runtime_error "FILE:LINE: problem"
// for a missing/bad header or a malformed line. Does not check IDs against collections or the
// dataset: use validateSubmission for that.
std::vector<SubmissionRow> readSubmission(const std::string& path);

}  // namespace tpugraphs
