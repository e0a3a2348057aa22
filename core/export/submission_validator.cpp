// Line-by-line submission validator.
#include "export/submission_validator.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <unordered_map>

#include "export/submission_line.h"
#include "export/submission_row.h"

namespace tpugraphs {
namespace {

// Collects errors, keeping the first `limit` and counting all.
class IssueList {
public:
    IssueList(SubmissionReport& report, size_t limit) : m_report(report), m_limit(limit) {}
    void add(int64_t line, std::string message) {
        ++m_report.errorCount;
        if (m_report.errors.size() < m_limit) m_report.errors.push_back({line, std::move(message)});
    }

private:
    SubmissionReport& m_report;
    size_t m_limit;
};

// "index 7 missing" style description of why configs is not a permutation of 0..n-1, or "".
std::string permutationProblem(const std::vector<int64_t>& configs, int64_t n) {
    std::vector<int64_t> firstPosition(static_cast<size_t>(n), -1);
    for (size_t i = 0; i < configs.size(); ++i) {
        const int64_t c = configs[i];
        if (c >= n) continue;
        int64_t& first = firstPosition[static_cast<size_t>(c)];
        if (first >= 0)
            return "index " + std::to_string(c) + " listed twice (entries " +
                   std::to_string(first + 1) + " and " + std::to_string(i + 1) + ")";
        first = static_cast<int64_t>(i);
    }
    const auto missing = std::find(firstPosition.begin(), firstPosition.end(), -1);
    if (missing != firstPosition.end())
        return "index " + std::to_string(missing - firstPosition.begin()) + " missing";
    return {};
}

void checkTileRow(const SubmissionRow& row, const int64_t* configs, int64_t line,
                  IssueList& issues) {
    if (row.configs.size() != kTileSubmissionConfigs)
        issues.add(line, "tile row has " + std::to_string(row.configs.size()) +
                             " indices, expected " + std::to_string(kTileSubmissionConfigs));
    if (!configs) return;
    for (int64_t c : row.configs)
        if (c >= *configs) {
            issues.add(line, "tile index " + std::to_string(c) + " out of range: graph has " +
                                 std::to_string(*configs) + " configs");
            return;
        }
}

void checkLayoutRow(const SubmissionRow& row, const int64_t* configs, int64_t line,
                    IssueList& issues) {
    const int64_t listed = static_cast<int64_t>(row.configs.size());
    if (configs && listed != *configs) {
        issues.add(line, "layout row lists " + std::to_string(listed) + " indices, graph has " +
                             std::to_string(*configs) + " configs (expected a permutation of 0.." +
                             std::to_string(*configs - 1) + ")");
        return;
    }
    const std::string problem = permutationProblem(row.configs, listed);
    if (!problem.empty())
        issues.add(line, "layout row is not a permutation of 0.." + std::to_string(listed - 1) +
                             ": " + problem);
}

}  // namespace

const std::vector<std::pair<Collection, int64_t>>& fullSubmissionRowCounts() {
    static const std::vector<std::pair<Collection, int64_t>> counts{
        {Collection::TileXla, 844},
        {Collection::LayoutXlaDefault, 8},
        {Collection::LayoutXlaRandom, 8},
        {Collection::LayoutNlpDefault, 17},
        {Collection::LayoutNlpRandom, 17}};
    return counts;
}

std::map<std::string, int64_t> configCountsFromDataset(const std::string& root, Split split) {
    return configCountsOf(scanDataset(root), split);
}

std::map<std::string, int64_t> configCountsOf(const DatasetIndex& index, Split split) {
    std::map<std::string, int64_t> counts;
    for (const GraphEntry& g : index.graphs)
        if (g.split == split && g.collection && g.error.empty())
            counts[submissionId(*g.collection, g.name)] = g.configs;
    return counts;
}

SubmissionReport validateSubmission(std::istream& in, const SubmissionValidationOptions& options) {
    SubmissionReport report;
    IssueList issues(report, options.maxReportedErrors);
    std::map<Collection, int64_t> perCollection;
    std::unordered_map<std::string, int64_t> firstLine;
    std::string line;
    int64_t lineNumber = 0, pendingEmpty = 0;

    if (!std::getline(in, line)) {
        issues.add(1, "empty file: expected the header '" + std::string(kSubmissionHeader) + "'");
    } else {
        lineNumber = 1;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.compare(0, 3, "\xEF\xBB\xBF") == 0) line.erase(0, 3);
        if (line != kSubmissionHeader)
            issues.add(
                1, "header is '" + line.substr(0, 80) + "', expected '" + kSubmissionHeader + "'");
    }
    while (std::getline(in, line)) {
        ++lineNumber;
        if (line.empty() || line == "\r") {
            ++pendingEmpty;  // trailing empty lines are harmless; inner ones are reported below
            continue;
        }
        for (int64_t e = pendingEmpty; e > 0; --e) issues.add(lineNumber - e, "empty line");
        pendingEmpty = 0;
        ++report.rows;

        SubmissionRow row;
        std::string problem, stem;
        Collection collection = Collection::TileXla;
        if (!parseSubmissionLine(line, &row, &problem)) {
            issues.add(lineNumber, problem);
            continue;
        }
        const auto [it, inserted] = firstLine.emplace(row.id, lineNumber);
        if (!inserted) {
            issues.add(lineNumber, "duplicate ID '" + row.id + "' (first on line " +
                                       std::to_string(it->second) + ")");
            continue;
        }
        if (!splitSubmissionId(row.id, &collection, &stem, &problem)) {
            issues.add(lineNumber, problem);
            continue;
        }
        ++perCollection[collection];
        const int64_t* configs = nullptr;
        if (options.configCounts) {
            const auto found = options.configCounts->find(row.id);
            if (found != options.configCounts->end()) {
                configs = &found->second;
            } else if (!options.allowUnknownGraphs) {
                issues.add(lineNumber, "no graph '" + stem + "' of " + collectionName(collection) +
                                           " in the dataset");
                continue;
            }
        }
        if (collectionKind(collection) == GraphKind::Tile)
            checkTileRow(row, configs, lineNumber, issues);
        else
            checkLayoutRow(row, configs, lineNumber, issues);
    }

    size_t present = 0;
    for (const auto& [collection, expected] : fullSubmissionRowCounts()) {
        const int64_t count = perCollection.count(collection) ? perCollection[collection] : 0;
        report.rowsPerCollection.emplace_back(collection, count);
        if (count > 0) ++present;
    }
    report.checkedAsFull =
        options.full == FullCheck::Always ||
        (options.full == FullCheck::Auto && present == fullSubmissionRowCounts().size());
    report.checkedAgainstDataset = options.configCounts != nullptr;
    if (!report.checkedAsFull) return report;

    if (report.rows != kFullSubmissionRows) {
        std::string detail;
        for (const auto& [collection, expected] : fullSubmissionRowCounts()) {
            const int64_t count = perCollection.count(collection) ? perCollection[collection] : 0;
            if (count != expected)
                detail += "; " + std::string(collectionName(collection)) + " has " +
                          std::to_string(count) + " of " + std::to_string(expected);
        }
        issues.add(0, "a full submission has " + std::to_string(kFullSubmissionRows) +
                          " rows, found " + std::to_string(report.rows) + detail);
    }
    if (options.configCounts)
        for (const auto& [id, configs] : *options.configCounts)
            if (!firstLine.count(id)) issues.add(0, "no row for dataset graph '" + id + "'");
    return report;
}

SubmissionReport validateSubmissionFile(const std::string& path,
                                        const SubmissionValidationOptions& options) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(path + ": cannot open for reading");
    return validateSubmission(in, options);
}

}  // namespace tpugraphs
