// LineCoverage: per-pixel line counts of a band and their one-pass conversion to colours.
#include "graphview/line_coverage.h"

#include <algorithm>
#include <cstring>

namespace tpugraphs::ui {

LineCoverage::LineCoverage(const PixelCanvas& canvas)
    : m_canvas(canvas),
      m_left(canvas.lineLeft()),
      m_width(canvas.lineRight() - canvas.lineLeft()),
      m_top(canvas.top()),
      m_counts(size_t(m_width) * size_t(std::max(canvas.bottom() - m_top, 0))) {}

void LineCoverage::walkLine(const QLineF& line, int kind, int stride) {
    // Indexed by image row and column: the offsets of the band's first row and column are
    // taken off once. The 16-bit stores cannot alias the (wider) values the loop reads, which
    // then stay in registers.
    uint16_t* const counts = m_counts.data() - (size_t(m_top) * size_t(m_width) + size_t(m_left));
    const size_t width = size_t(m_width);
    const KindBits bits(kind);
    m_canvas.forLinePixels(
        line, stride, [=](int x, int y) { bits.increment(counts[size_t(y) * width + size_t(x)]); });
}

void LineCoverage::paint(QRgb under, QRgb color, const std::array<int, 2>& alpha) {
    constexpr int kLevels = kMaxCount + 1;
    // The colour after k lines of kind 0, then m of kind 1, blended one by one.
    std::vector<QRgb> colors(size_t(kLevels) * kLevels);
    const PixelBlend first(color, alpha[0]), second(color, alpha[1]);
    QRgb afterFirst = under;
    for (int k = 0; k < kLevels; ++k) {
        QRgb pixel = afterFirst;
        for (int m = 0; m < kLevels; ++m) {
            colors[size_t(k) * kLevels + size_t(m)] = pixel;
            second.onto(pixel);
        }
        first.onto(afterFirst);
    }
    for (int y = m_top; y < m_canvas.bottom(); ++y) {
        const uint16_t* counts = m_counts.data() + size_t(y - m_top) * size_t(m_width);
        QRgb* row = m_canvas.row(y) + m_left;
        const auto paintPixel = [&](int x) {
            const unsigned k = counts[x] & 0xffu, m = counts[x] >> 8;
            if (counts[x]) row[x] = colors[size_t(k) * kLevels + m];
        };
        int x = 0;
        for (; x + 4 <= m_width; x += 4) {  // four pixels' counts at once: most are zero
            uint64_t group;
            std::memcpy(&group, counts + x, sizeof group);
            if (group != 0)
                for (int i = x; i < x + 4; ++i) paintPixel(i);
        }
        for (; x < m_width; ++x) paintPixel(x);
    }
}

}  // namespace tpugraphs::ui
