// ProgressBar: in-place redraw with '\r' on terminals, a line per 10 % elsewhere.
#include "common/progress_bar.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace tpugraphs::cli {

ProgressBar::ProgressBar(std::string label, std::ostream& out, bool interactive)
    : m_label(std::move(label)),
      m_out(out),
      m_interactive(interactive),
      m_start(std::chrono::steady_clock::now()),
      m_lastDraw(m_start - std::chrono::seconds(1)) {}

ProgressBar::ProgressBar(std::string label)
    : ProgressBar(std::move(label), std::cerr, isatty(STDERR_FILENO) != 0) {}

std::string ProgressBar::render(const std::string& label, size_t done, size_t total, double seconds,
                                const std::string& detail, int width) {
    const double fraction =
        total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 1.0;
    const int filled = static_cast<int>(fraction * width + 1e-9);
    std::string line = label + " [" + std::string(static_cast<size_t>(filled), '#') +
                       std::string(static_cast<size_t>(width - filled), '.') + "] ";
    char numbers[96];
    std::snprintf(numbers, sizeof numbers, "%zu/%zu %3d%%  %.1f s", done, total,
                  static_cast<int>(fraction * 100.0), seconds);
    line += numbers;
    if (!detail.empty()) line += "  " + detail;
    return line;
}

void ProgressBar::update(size_t done, size_t total, const std::string& detail) {
    m_done = done;
    m_total = total;
    m_detail = detail;
    draw(false);
}

void ProgressBar::finish() {
    if (m_finished) return;
    m_detail.clear();
    draw(true);
    if (m_interactive) m_out << "\n";
    m_out.flush();
    m_finished = true;
}

void ProgressBar::draw(bool force) {
    const auto now = std::chrono::steady_clock::now();
    const double seconds = std::chrono::duration<double>(now - m_start).count();
    if (m_interactive) {
        if (!force && now - m_lastDraw < std::chrono::milliseconds(100)) return;
        m_lastDraw = now;
        std::string line = render(m_label, m_done, m_total, seconds, m_detail);
        if (line.size() > 120) line = line.substr(0, 117) + "...";
        m_out << "\r" << line << "\x1b[K" << std::flush;
        return;
    }
    const int decile = m_total > 0 ? static_cast<int>(10 * m_done / m_total) : 10;
    if (decile == m_lastDecile) return;  // one line per 10 % (the final state included)
    m_lastDecile = decile;
    m_out << render(m_label, m_done, m_total, seconds, {}) << "\n";
}

}  // namespace tpugraphs::cli
