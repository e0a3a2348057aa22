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

// Collects errors and warnings, keeping the first `limit` of each and counting all.
class IssueList {
public:
    IssueList(SubmissionReport& report, size_t limit) : m_report(report), m_limit(limit) {}
    void add(int64_t line, std::string message) {
        ++m_report.errorCount;
        if (m_report.errors.size() < m_limit) m_report.errors.push_back({line, std::move(message)});
    }
    void warn(int64_t line, std::string message) {
        ++m_report.warningCount;
        if (m_report.warnings.size() < m_limit)
            m_report.warnings.push_back({line, std::move(message)});
    }

private:
    SubmissionReport& m_report;
    size_t m_limit;
};

// "index 7 listed twice" / "index 1200 out of range" when `configs` is not a list of distinct
// indices below n, or "".
std::string distinctIndexProblem(const std::vector<int64_t>& configs, int64_t n) {
    std::vector<int64_t> firstPosition(static_cast<size_t>(std::max<int64_t>(0, n)), -1);
    for (size_t i = 0; i < configs.size(); ++i) {
        const int64_t c = configs[i];
        if (c >= n)
            return "index " + std::to_string(c) + " out of range (entry " + std::to_string(i + 1) +
                   ")";
        int64_t& first = firstPosition[static_cast<size_t>(c)];
        if (first >= 0)
            return "index " + std::to_string(c) + " listed twice (entries " +
                   std::to_string(first + 1) + " and " + std::to_string(i + 1) + ")";
        first = static_cast<int64_t>(i);
    }
    return {};
}

// The indices below n absent from `configs` (which holds distinct indices below n), at most
// `limit` of them, as "1000" or "3, 17, 40, ...".
std::string missingIndices(const std::vector<int64_t>& configs, int64_t n, size_t limit = 5) {
    std::vector<uint8_t> seen(static_cast<size_t>(n), 0);
    for (int64_t c : configs) seen[static_cast<size_t>(c)] = 1;
    std::string text;
    size_t listed = 0;
    for (int64_t c = 0; c < n; ++c) {
        if (seen[static_cast<size_t>(c)]) continue;
        if (listed == limit) return text + ", ...";
        text += (listed++ ? ", " : "") + std::to_string(c);
    }
    return text;
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

// With the graph's config count C: distinct indices below C are required; listing fewer than
// C is a warning (Kaggle scores the listed ones: its own sample submission lists 1000 of a
// 1001-config graph). Without it: a permutation of 0..listed-1.
void checkLayoutRow(const SubmissionRow& row, const int64_t* configs, int64_t line,
                    IssueList& issues) {
    const int64_t listed = static_cast<int64_t>(row.configs.size());
    const int64_t n = configs ? *configs : listed;
    const std::string problem = distinctIndexProblem(row.configs, n);
    if (!problem.empty()) {
        issues.add(line, "layout row is not a ranking of distinct configs 0.." +
                             std::to_string(n - 1) + ": " + problem);
        return;
    }
    if (listed < n)
        issues.warn(line, "layout row '" + row.id + "' lists " + std::to_string(listed) + " of " +
                              std::to_string(n) + " configs (missing " +
                              missingIndices(row.configs, n) +
                              "); Kaggle accepts this (its sample submission does it), but the "
                              "missing configs are left out of the ranking");
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

namespace {

// The state of one validation as it reads the file.
struct ValidationPass {
    ValidationPass(const SubmissionValidationOptions& o, SubmissionReport& report)
        : options(o), issues(report, o.maxReportedErrors) {}
    const SubmissionValidationOptions& options;
    IssueList issues;
    std::map<Collection, int64_t> perCollection;
    std::unordered_map<std::string, int64_t> firstLine;  // ID -> its line
};

// Step 1: the header line (a byte-order mark and a CR are allowed).
void checkHeader(std::istream& in, ValidationPass& pass) {
    std::string line;
    bool tooLong = false;
    if (!readSubmissionLine(in, &line, &tooLong)) {
        pass.issues.add(1,
                        "empty file: expected the header '" + std::string(kSubmissionHeader) + "'");
        return;
    }
    if (tooLong) return pass.issues.add(1, tooLongLineProblem());
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.compare(0, 3, "\xEF\xBB\xBF") == 0) line.erase(0, 3);
    if (line != kSubmissionHeader)
        pass.issues.add(
            1, "header is '" + line.substr(0, 80) + "', expected '" + kSubmissionHeader + "'");
}

// Step 2, per row: its ID (once, of a known collection), its graph in the dataset when one is
// given, and its indices for the collection's kind.
void checkRow(const std::string& line, int64_t lineNumber, SubmissionReport& report,
              ValidationPass& pass) {
    SubmissionRow row;
    std::string problem, stem;
    Collection collection = Collection::TileXla;
    if (!parseSubmissionLine(line, &row, &problem)) return pass.issues.add(lineNumber, problem);
    const auto [it, inserted] = pass.firstLine.emplace(row.id, lineNumber);
    if (!inserted)
        return pass.issues.add(lineNumber, "duplicate ID '" + row.id + "' (first on line " +
                                               std::to_string(it->second) + ")");
    if (!splitSubmissionId(row.id, &collection, &stem, &problem))
        return pass.issues.add(lineNumber, problem);
    ++pass.perCollection[collection];
    const int64_t* configs = nullptr;
    if (pass.options.configCounts) {
        const auto found = pass.options.configCounts->find(row.id);
        if (found != pass.options.configCounts->end()) {
            configs = &found->second;
        } else if (pass.options.allowUnknownGraphs) {
            ++report.uncheckedRows;
        } else {
            return pass.issues.add(lineNumber, "no graph '" + stem + "' of " +
                                                   collectionName(collection) + " in the dataset");
        }
    }
    if (collectionKind(collection) == GraphKind::Tile)
        checkTileRow(row, configs, lineNumber, pass.issues);
    else
        checkLayoutRow(row, configs, lineNumber, pass.issues);
}

// Step 3: the rows per collection, and, when the file is checked as a full submission, that it
// has every test graph's row.
void checkCompleteness(SubmissionReport& report, ValidationPass& pass) {
    const auto countOf = [&](Collection collection) {
        return pass.perCollection.count(collection) ? pass.perCollection[collection] : 0;
    };
    size_t present = 0;
    for (const auto& [collection, expected] : fullSubmissionRowCounts()) {
        report.rowsPerCollection.emplace_back(collection, countOf(collection));
        if (countOf(collection) > 0) ++present;
    }
    report.checkedAsFull =
        pass.options.full == FullCheck::Always ||
        (pass.options.full == FullCheck::Auto && present == fullSubmissionRowCounts().size());
    report.checkedAgainstDataset = pass.options.configCounts != nullptr;
    if (!report.checkedAsFull) return;
    if (report.rows != kFullSubmissionRows) {
        std::string detail;
        for (const auto& [collection, expected] : fullSubmissionRowCounts())
            if (countOf(collection) != expected)
                detail += (detail.empty() ? "" : ", ") + std::string(collectionName(collection)) +
                          " " + std::to_string(countOf(collection)) + " of " +
                          std::to_string(expected);
        pass.issues.add(0, "Kaggle requires all " + std::to_string(kFullSubmissionRows) +
                               " test graphs of the five collections, found " +
                               std::to_string(report.rows) + " rows: " + detail);
    }
    if (pass.options.configCounts)
        for (const auto& [id, configs] : *pass.options.configCounts)
            if (!pass.firstLine.count(id))
                pass.issues.add(0, "no row for dataset graph '" + id + "'");
}

}  // namespace

SubmissionReport validateSubmission(std::istream& in, const SubmissionValidationOptions& options) {
    SubmissionReport report;
    ValidationPass pass(options, report);
    checkHeader(in, pass);
    std::string line;
    int64_t lineNumber = 1, pendingEmpty = 0;
    bool tooLong = false;
    while (readSubmissionLine(in, &line, &tooLong)) {
        ++lineNumber;
        if (tooLong) {
            pass.issues.add(lineNumber, tooLongLineProblem());
            continue;
        }
        if (line.empty() || line == "\r") {
            ++pendingEmpty;  // trailing empty lines are harmless; inner ones are reported below
            continue;
        }
        for (int64_t e = pendingEmpty; e > 0; --e) pass.issues.add(lineNumber - e, "empty line");
        pendingEmpty = 0;
        if (report.rows == kMaxSubmissionRows) {
            pass.issues.add(lineNumber, tooManyRowsProblem());
            break;
        }
        ++report.rows;
        checkRow(line, lineNumber, report, pass);
    }
    checkCompleteness(report, pass);
    return report;
}

std::string SubmissionReport::missingRowsText() const {
    std::string text;
    for (const auto& [id, expected] : fullSubmissionRowCounts()) {
        int64_t count = 0;
        for (const auto& [collection, rows] : rowsPerCollection)
            if (collection == id) count = rows;
        if (count < expected)
            text += (text.empty() ? "" : ", ") + std::string(collectionName(id)) + " " +
                    std::to_string(count) + " of " + std::to_string(expected);
    }
    return text;
}

SubmissionReport validateSubmissionFile(const std::string& path,
                                        const SubmissionValidationOptions& options) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(path + ": cannot open for reading");
    return validateSubmission(in, options);
}

}  // namespace tpugraphs
