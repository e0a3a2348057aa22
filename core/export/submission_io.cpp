// Submission CSV reading and atomic writing.
#include "export/submission_io.h"

#include <fstream>
#include <stdexcept>

#include "base/atomic_file.h"
#include "export/submission_line.h"

namespace tpugraphs {

void writeSubmission(std::ostream& out, const std::vector<SubmissionRow>& rows) {
    out << kSubmissionHeader << '\n';
    for (const SubmissionRow& row : rows) out << row.id << ',' << joinConfigs(row.configs) << '\n';
}

void writeSubmission(const std::string& path, const std::vector<SubmissionRow>& rows) {
    writeFileAtomically(path, [&](std::ostream& out) { writeSubmission(out, rows); });
}

std::vector<SubmissionRow> readSubmission(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(path + ": cannot open for reading");
    std::string line;
    bool tooLong = false;
    const auto fail = [&path](int64_t lineNumber, const std::string& problem) {
        throw std::runtime_error(path + ":" + std::to_string(lineNumber) + ": " + problem);
    };
    if (!readSubmissionLine(in, &line, &tooLong)) fail(1, "empty file (no header)");
    if (tooLong) fail(1, tooLongLineProblem());
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.compare(0, 3, "\xEF\xBB\xBF") == 0) line.erase(0, 3);  // UTF-8 byte order mark
    if (line != kSubmissionHeader)
        fail(1, "header is '" + line.substr(0, 80) + "', expected '" + kSubmissionHeader + "'");
    std::vector<SubmissionRow> rows;
    int64_t lineNumber = 1;
    while (readSubmissionLine(in, &line, &tooLong)) {
        ++lineNumber;
        if (tooLong) fail(lineNumber, tooLongLineProblem());
        if (line.empty() || line == "\r") continue;
        SubmissionRow row;
        std::string problem;
        if (!parseSubmissionLine(line, &row, &problem)) fail(lineNumber, problem);
        if (int64_t(rows.size()) == kMaxSubmissionRows) fail(lineNumber, tooManyRowsProblem());
        row.line = lineNumber;
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace tpugraphs
