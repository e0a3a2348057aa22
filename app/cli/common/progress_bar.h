// A terminal progress bar for long CLI commands: redrawn in place on a TTY, sparse lines otherwise.
#pragma once

#include <chrono>
#include <cstddef>
#include <ostream>
#include <string>

namespace tpugraphs::cli {

class ProgressBar {
public:
    // Draws on `out` (normally std::cerr). On a terminal the bar is redrawn at most every 100 ms;
    // when `out` is not a terminal (logs, pipes) a plain line is printed every 10 %.
    explicit ProgressBar(std::string label, std::ostream& out, bool interactive);
    // `interactive` detected from stderr being a terminal.
    explicit ProgressBar(std::string label);

    // Thread-compatible, not thread-safe: call from one thread at a time (e.g. under a mutex).
    void update(size_t done, size_t total, const std::string& detail = {});
    // Draws the final state and ends the line.
    void finish();

    // "[#########...........]  45/184  24%  3.1 s  detail" (width = bar cells).
    static std::string render(const std::string& label, size_t done, size_t total, double seconds,
                              const std::string& detail, int width = 30);

private:
    void draw(bool force);
    std::string m_label;
    std::ostream& m_out;
    bool m_interactive;
    size_t m_done = 0, m_total = 0;
    std::string m_detail;
    int m_lastDecile = -1;
    bool m_finished = false;
    std::chrono::steady_clock::time_point m_start, m_lastDraw;
};

}  // namespace tpugraphs::cli
