// Column-aligned text tables.
#include "common/table_printer.h"

#include <algorithm>
#include <cstdio>

namespace tpugraphs::cli {

TablePrinter::TablePrinter(std::vector<std::string> header, std::vector<bool> rightAligned)
    : m_header(std::move(header)), m_rightAligned(std::move(rightAligned)) {
    m_rightAligned.resize(m_header.size(), false);
}

void TablePrinter::addRow(std::vector<std::string> cells) {
    cells.resize(m_header.size());
    m_rows.push_back(std::move(cells));
}

void TablePrinter::print(std::ostream& out) const {
    std::vector<size_t> width(m_header.size());
    for (size_t c = 0; c < width.size(); ++c) {
        width[c] = m_header[c].size();
        for (const auto& row : m_rows) width[c] = std::max(width[c], row[c].size());
    }
    const auto printRow = [&](const std::vector<std::string>& cells) {
        std::string line;
        for (size_t c = 0; c < cells.size(); ++c) {
            const std::string pad(width[c] - cells[c].size(), ' ');
            if (c > 0) line += "  ";
            line += m_rightAligned[c] ? pad + cells[c] : cells[c] + pad;
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out << line << '\n';
    };
    printRow(m_header);
    size_t total = 0;
    for (size_t w : width) total += w;
    out << std::string(total + 2 * (width.empty() ? 0 : width.size() - 1), '-') << '\n';
    for (const auto& row : m_rows) printRow(row);
}

std::string TablePrinter::number(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

}  // namespace tpugraphs::cli
