// Translucent lines of one colour in two kinds (opacities), counted per pixel of a band and
// turned into colours in one pass: a pixel's colour depends only on how many lines of each kind
// cover it, so lines may be added in any order, and a count costs less than a blend.
#pragma once

#include <QLineF>
#include <QRgb>
#include <array>
#include <cstdint>
#include <vector>

#include "graphview/pixel_canvas.h"

namespace tpugraphs::ui {

class LineCoverage {
public:
    // Counts saturate here: a pixel under this many lines of opacity 40/256 is within one level
    // of the line colour already.
    static constexpr int kMaxCount = 63;

    // Counts for the pixels of `canvas`'s band in its line columns, all zero: a canvas narrowed
    // to the columns the lines can reach keeps the counts few and in cache.
    explicit LineCoverage(const PixelCanvas& canvas);

    // Counts the pixels PixelCanvas::blendLine(line, ..., stride) would blend, as lines of `kind`
    // (0 or 1). A line inside one pixel or two (most of them, zoomed out) is counted inline; the
    // others are walked out of line.
    void addLine(const QLineF& line, int kind, int stride = 1) {
        int x, y;
        if (m_canvas.isInOnePixel(line, &x, &y)) {
            countPixel(x, y, kind);
            return;
        }
        if (!m_canvas.forShortLinePixels(line, stride,
                                         [&](int px, int py) { countPixel(px, py, kind); }))
            walkLine(line, kind, stride);
    }

    // Colours the covered pixels of the canvas's band as blending `color` onto `under` (the
    // band's fill) count-of-kind-0 times with opacity alpha[0]/256, then count-of-kind-1 times
    // with alpha[1]: exactly what PixelCanvas::blendLine gives for lines drawn in that order.
    void paint(QRgb under, QRgb color, const std::array<int, 2>& alpha);

private:
    void walkLine(const QLineF& line, int kind, int stride);
    // A kind's byte of a pixel's 16-bit count: one line, the byte's bits, and the cap.
    struct KindBits {
        explicit KindBits(int kind)
            : unit(1u << (8 * kind)), mask(0xffu << (8 * kind)), full(unsigned(kMaxCount) * unit) {}
        // One more line of the kind, up to kMaxCount, without a branch (the long edges of a large
        // graph saturate many pixels, where a branch is mispredicted).
        void increment(uint16_t& count) const {
            const unsigned c = count;
            const int belowFull = int(c & mask) - int(full);  // negative while below the cap
            count = uint16_t(c + (unit & unsigned(belowFull >> 31)));
        }
        unsigned unit, mask, full;
    };
    void countPixel(int x, int y, int kind) {
        KindBits(kind).increment(
            m_counts[size_t(y - m_top) * size_t(m_width) + size_t(x - m_left)]);
    }

    PixelCanvas m_canvas;
    int m_left;
    int m_width;
    int m_top;
    std::vector<uint16_t> m_counts;  // per row of the band, per pixel of the columns: kind 0 in
                                     // the low byte, kind 1 in the high one
};

}  // namespace tpugraphs::ui
