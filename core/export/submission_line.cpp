// Strict parser for one submission CSV line.
#include "export/submission_line.h"

namespace tpugraphs {
namespace {

// Parses "0;1;2" strictly into configs.
bool parseIndexList(const std::string& text, std::vector<int64_t>* configs, std::string* problem) {
    configs->clear();
    if (text.empty()) {
        *problem = "TopConfigs is empty";
        return false;
    }
    size_t start = 0;
    while (true) {
        const size_t end = text.find(';', start);
        const std::string token = text.substr(start, end == std::string::npos ? end : end - start);
        const size_t position = configs->size() + 1;
        if (token.empty()) {
            *problem = "TopConfigs entry " + std::to_string(position) + " is empty";
            return false;
        }
        if (token.size() > 18 || token.find_first_not_of("0123456789") != std::string::npos) {
            *problem = "TopConfigs entry " + std::to_string(position) + " '" + token.substr(0, 20) +
                       "' is not a non-negative integer";
            return false;
        }
        configs->push_back(std::stoll(token));
        if (end == std::string::npos) return true;
        start = end + 1;
    }
}

}  // namespace

bool readSubmissionLine(std::istream& in, std::string* line, bool* tooLong) {
    line->clear();
    *tooLong = false;
    std::streambuf* buffer = in.rdbuf();
    bool any = false;
    for (int c = buffer->sbumpc(); c != std::char_traits<char>::eof(); c = buffer->sbumpc()) {
        any = true;
        if (c == '\n') return true;
        if (line->size() < kMaxSubmissionLineBytes)
            line->push_back(static_cast<char>(c));
        else
            *tooLong = true;
    }
    if (!any) in.setstate(std::ios::eofbit | std::ios::failbit);
    return any;
}

std::string tooLongLineProblem() {
    return "line is longer than " + std::to_string(kMaxSubmissionLineBytes >> 20) +
           " MiB, more than any submission row (not read further)";
}

std::string tooManyRowsProblem() {
    return "more than " + std::to_string(kMaxSubmissionRows) +
           " rows, far more than a submission's 894 (not read further)";
}

bool splitSubmissionId(const std::string& id, Collection* collection, std::string* stem,
                       std::string* problem) {
    for (const Collection c : kCollections) {
        const std::string prefix = std::string(collectionName(c)) + ":";
        if (id.compare(0, prefix.size(), prefix) != 0) continue;
        if (id.size() == prefix.size()) {
            *problem = "ID '" + id + "' has no graph name after '" + prefix + "'";
            return false;
        }
        *collection = c;
        *stem = id.substr(prefix.size());
        if (stem->find_first_of("/\\") != std::string::npos || *stem == "." || *stem == "..") {
            *problem = "ID '" + id.substr(0, 80) +
                       "' has a graph name with a path separator or '..', which no graph has";
            return false;
        }
        return true;
    }
    *problem = "ID '" + id.substr(0, 80) +
               "' has no known prefix (tile:xla:, layout:{xla|nlp}:{default|random}:)";
    return false;
}

bool parseSubmissionLine(const std::string& rawLine, SubmissionRow* row, std::string* problem) {
    std::string line = rawLine;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const size_t comma = line.find(',');
    if (comma == std::string::npos) {
        *problem = "expected 2 fields 'ID,TopConfigs', found 1";
        return false;
    }
    if (line.find(',', comma + 1) != std::string::npos) {
        *problem = "expected 2 fields 'ID,TopConfigs', found more (extra ',')";
        return false;
    }
    row->id = line.substr(0, comma);
    if (row->id.empty()) {
        *problem = "ID is empty";
        return false;
    }
    if (row->id.size() > kMaxSubmissionIdBytes) {
        *problem = "ID '" + row->id.substr(0, 40) + "...' is longer than " +
                   std::to_string(kMaxSubmissionIdBytes) + " characters";
        return false;
    }
    return parseIndexList(line.substr(comma + 1), &row->configs, problem);
}

}  // namespace tpugraphs
