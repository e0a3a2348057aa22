// A band of scanlines of an RGB32 image: DDA line blending and rectangle fills clipped to the
// band, so that threads drawing different bands of one image write disjoint pixels and the
// result does not depend on how the image is split.
#pragma once

#include <QImage>
#include <QLineF>
#include <QRectF>
#include <algorithm>
#include <cstdint>

namespace tpugraphs::ui {

// floor(v) for |v| < 2^63, without a call into libm.
inline int64_t floorToInt(double v) {
    const auto i = static_cast<int64_t>(v);
    return i - (v < static_cast<double>(i));
}

// Clips a segment to a rectangle (Liang-Barsky). Returns false when nothing is left.
bool clipLine(QLineF& line, const QRectF& rect);

class PixelCanvas {
public:
    // Rows [top, bottom) of the RGB32 pixels at `bits` (e.g. a detached QImage's bits()).
    PixelCanvas(uchar* bits, qsizetype bytesPerLine, const QSize& size, int top, int bottom);

    // Whether anything drawn between the (fractional) rows y0 and y1 can land in the band: a
    // cheap test to skip work before drawing.
    bool meetsRows(double y0, double y1) const {
        return !isAbove(std::max(y0, y1)) && !isBelow(std::min(y0, y1));
    }
    // Whether nothing drawn down to row y (up from row y) can land in the band.
    bool isAbove(double y) const { return y + 1.0 < m_top; }
    bool isBelow(double y) const { return y - 1.0 >= m_bottom; }

    void fill(QRgb color);
    // Blends a 1-pixel line of `color` with opacity alpha/256, clipped to the image: one pixel
    // per column, or per row for a steep line, every `stride`-th (1: solid, 3: dotted).
    void blendLine(QLineF line, QRgb color, int alpha, int stride = 1);
    // Fills the pixels of `rect`, clipped; outlineRect: its 1-pixel border.
    void fillRect(const QRect& rect, QRgb color);
    void outlineRect(const QRect& rect, QRgb color);

private:
    template <bool AlongRows>
    void blendRun(double u0, double v0, double u1, double v1, QRgb color, int alpha, int stride);
    QRgb* row(int y) { return reinterpret_cast<QRgb*>(m_bits + y * m_bytesPerLine); }
    // Per channel (c * alpha + p * (256 - alpha)) >> 8, two channels per multiply (exact: each
    // channel's sum stays below 2^16); the colour's share is computed once per line.
    struct Blend {
        Blend(QRgb color, int alpha)
            : rb((color & 0xff00ffu) * uint(alpha)),
              g((color & 0xff00u) * uint(alpha)),
              inv(256u - uint(alpha)) {}
        void onto(QRgb& p) const {
            const uint r = (rb + (p & 0xff00ffu) * inv) >> 8;
            const uint gg = (g + (p & 0xff00u) * inv) >> 8;
            p = 0xff000000u | (r & 0xff00ffu) | (gg & 0xff00u);
        }
        uint rb, g, inv;
    };

    uchar* m_bits;
    qsizetype m_bytesPerLine;
    int m_width;
    int m_height;
    int m_top;
    int m_bottom;
};

}  // namespace tpugraphs::ui
