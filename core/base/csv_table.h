// One CSV writer for every table the product exports (curves, run tables, the explorer's
// tables): RFC 4180 quoting (a cell with a comma, quote, CR or LF is quoted, quotes doubled),
// "\n" line ends, written through the one atomic file writer.
#pragma once

#include <string>
#include <vector>

namespace tpugraphs {

struct CsvTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
};

// One cell as it appears in the file.
std::string csvCell(const std::string& text);
// The whole table as text (header first, when it has one).
std::string csvText(const CsvTable& table);
// Writes csvText(table) to path atomically; throws FileWriteError naming the file.
void writeCsvTable(const std::string& path, const CsvTable& table);

}  // namespace tpugraphs
