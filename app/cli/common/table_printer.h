// Plain-text tables for the CLI: columns padded to their widest cell, numbers right-aligned.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tpugraphs::cli {

class TablePrinter {
public:
    // `rightAligned[i]` aligns column i to the right (for numbers); missing entries: left.
    explicit TablePrinter(std::vector<std::string> header, std::vector<bool> rightAligned = {});

    void addRow(std::vector<std::string> cells);
    void print(std::ostream& out) const;  // header, a rule, then the rows

    // "0.8123" style fixed formatting for scores.
    static std::string number(double value, int decimals = 4);

private:
    std::vector<std::string> m_header;
    std::vector<bool> m_rightAligned;
    std::vector<std::vector<std::string>> m_rows;
};

}  // namespace tpugraphs::cli
