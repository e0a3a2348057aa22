// The CSV writer: quoting and joining; the file goes through writeFileAtomically.
#include "base/csv_table.h"

#include "base/atomic_file.h"

namespace tpugraphs {

std::string csvCell(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

namespace {
void appendLine(std::string& out, const std::vector<std::string>& cells) {
    for (size_t i = 0; i < cells.size(); ++i) {
        if (i) out += ',';
        out += csvCell(cells[i]);
    }
    out += '\n';
}
}  // namespace

std::string csvText(const CsvTable& table) {
    std::string out;
    if (!table.header.empty()) appendLine(out, table.header);
    for (const auto& row : table.rows) appendLine(out, row);
    return out;
}

void writeCsvTable(const std::string& path, const CsvTable& table) {
    writeFileAtomically(path, csvText(table));
}

}  // namespace tpugraphs
