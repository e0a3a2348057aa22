// A band of scanlines of an RGB32 image: DDA line blending and rectangle fills clipped to the
// band, so that threads drawing different bands of one image write disjoint pixels and the
// result does not depend on how the image is split.
#pragma once

#include <QImage>
#include <QLineF>
#include <QRectF>
#include <QRgb>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

namespace tpugraphs::ui {

// floor(v) for |v| < 2^63, without a call into libm. Truncation is the floor from 0 up (most
// screen coordinates): the conversion back and the comparison are left to the others.
inline int64_t floorToInt(double v) {
    const auto i = static_cast<int64_t>(v);
    if (__builtin_expect(v >= 0.0, 1)) return i;
    return i - (v < static_cast<double>(i));
}

// The general case of clipLine below, out of line.
bool clipLineAcross(QLineF& line, const QRectF& rect);

// Clips a segment to a rectangle (Liang-Barsky). Returns false when nothing is left. Half a
// pixel inside every side (most segments of a zoomed-out graph), the general case would give
// t0 = 0 and t1 = 1 (ratios stay clear of 1 after rounding): that test is inline.
inline bool clipLine(QLineF& line, const QRectF& rect) {
    const double x0 = line.x1(), y0 = line.y1();
    const double dx = line.x2() - x0, dy = line.y2() - y0;
    const double x1 = x0 + dx, y1 = y0 + dy;
    if (std::min(x0, x1) >= rect.left() + 0.5 && std::max(x0, x1) <= rect.right() - 0.5 &&
        std::min(y0, y1) >= rect.top() + 0.5 && std::max(y0, y1) <= rect.bottom() - 0.5) {
        line = QLineF(x0, y0, x1, y1);
        return true;
    }
    return clipLineAcross(line, rect);
}

// Blends `color` with opacity alpha/256 onto a pixel: per channel
// (c * alpha + p * (256 - alpha)) >> 8, two channels per multiply (exact: each channel's sum
// stays below 2^16); the colour's share is computed once.
struct PixelBlend {
    PixelBlend(QRgb color, int alpha)
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

    // The same band whose lines are clipped to columns [left, right) of the image instead of to
    // all of them (a line inside those columns gets the same pixels).
    PixelCanvas withLineColumns(int left, int right) const;

    void fill(QRgb color);
    // Blends a 1-pixel line of `color` with opacity alpha/256, clipped to the image (or the line
    // columns): one pixel per column, or per row for a steep line, every `stride`-th (1: solid,
    // 3: dotted).
    void blendLine(const QLineF& line, QRgb color, int alpha, int stride = 1);
    // Whether the line lies within one pixel of the band, clear of the clipping rectangle's sides
    // (zoomed out, most segments of a large graph), and which: the only pixel forLinePixels
    // visits then. (Not in row or column 0, where x1 + (x2 - x1) may round into the next pixel.)
    bool isInOnePixel(const QLineF& line, int* x, int* y) const {
        const int64_t px = floorToInt(line.x1()), py = floorToInt(line.y1());
        if (px != floorToInt(line.x2()) || py != floorToInt(line.y2())) return false;
        if (px < std::max(m_lineLeft, 1) || px >= m_lineRight - 1 || py < std::max(m_top, 1) ||
            py >= std::min(m_bottom, m_height - 1))
            return false;
        *x = static_cast<int>(px), *y = static_cast<int>(py);
        return true;
    }
    // Calls plot(x, y) for each pixel of the band that blendLine(line, ..., stride) would blend,
    // in the same order.
    template <typename Plot>
    void forLinePixels(QLineF line, int stride, Plot plot) const;
    // When the line's ends lie in pixels at most one apart in each direction, a pixel clear of
    // the band's, the image's and the line columns' sides (zoomed out, most lines that leave their
    // pixel): calls plot(x, y) for the pixels forLinePixels would visit, at most two, computed
    // with the same arithmetic but none of its clipping, and returns true. Otherwise returns
    // false and calls nothing.
    template <typename Plot>
    bool forShortLinePixels(const QLineF& line, int stride, Plot plot) const;
    // Fills the pixels of `rect`, clipped; outlineRect: its 1-pixel border.
    void fillRect(const QRect& rect, QRgb color);
    void outlineRect(const QRect& rect, QRgb color);

    int width() const { return m_width; }
    int lineLeft() const { return m_lineLeft; }
    int lineRight() const { return m_lineRight; }
    int top() const { return m_top; }
    int bottom() const { return m_bottom; }
    QRgb* row(int y) { return reinterpret_cast<QRgb*>(m_bits + y * m_bytesPerLine); }

private:
    template <bool AlongRows, typename Plot>
    void forRunPixels(double u0, double v0, double u1, double v1, int stride, Plot plot) const;

    uchar* m_bits;
    qsizetype m_bytesPerLine;
    int m_width;
    int m_height;
    int m_top;
    int m_bottom;
    int m_lineLeft = 0;  // lines are clipped to columns [m_lineLeft, m_lineRight)
    int m_lineRight;
};

template <typename Plot>
void PixelCanvas::forLinePixels(QLineF line, int stride, Plot plot) const {
    int x, y;
    if (isInOnePixel(line, &x, &y)) {
        plot(x, y);
        return;
    }
    if (!meetsRows(line.y1(), line.y2())) return;
    if (!clipLine(line, QRectF(m_lineLeft, 0, m_lineRight - m_lineLeft - 0.001, m_height - 0.001)))
        return;
    if (std::abs(line.dx()) >= std::abs(line.dy()))
        forRunPixels<false>(line.x1(), line.y1(), line.x2(), line.y2(), stride, plot);
    else
        forRunPixels<true>(line.y1(), line.x1(), line.y2(), line.x2(), stride, plot);
}

template <typename Plot>
bool PixelCanvas::forShortLinePixels(const QLineF& line, int stride, Plot plot) const {
    // The ends as clipLine leaves a line that it keeps whole.
    const double x0 = line.x1(), y0 = line.y1();
    const double x1 = x0 + (line.x2() - x0), y1 = y0 + (line.y2() - y0);
    const int64_t px0 = floorToInt(x0), px1 = floorToInt(x1);
    const int64_t py0 = floorToInt(y0), py1 = floorToInt(y1);
    if (std::abs(px1 - px0) > 1 || std::abs(py1 - py0) > 1) return false;
    // A pixel of margin: the walk's pixels lie within a pixel of the ends' (its v rounds at
    // most across one side), so it neither clips nor clamps any of them.
    if (std::min(px0, px1) < std::max(m_lineLeft, 0) + 1 || std::max(px0, px1) > m_lineRight - 2 ||
        std::min(py0, py1) < std::max(m_top, 0) + 1 ||
        std::max(py0, py1) > std::min(m_bottom, m_height) - 2)
        return false;
    // forRunPixels on the unclipped line: the first column's pixel, and the last's when it is
    // the next column and the line is solid (a dotted line's next dot lies past it).
    const bool alongRows = !(std::abs(x1 - x0) >= std::abs(y1 - y0));
    double u0 = alongRows ? y0 : x0, v0 = alongRows ? x0 : y0;
    double u1 = alongRows ? y1 : x1, v1 = alongRows ? x1 : y1;
    if (u1 < u0) {
        std::swap(u0, u1);
        std::swap(v0, v1);
    }
    const int first = static_cast<int>(u0), last = static_cast<int>(u1);
    const double slope = last > first ? (v1 - v0) / (u1 - u0) : 0.0;
    const auto visit = [&](int u) {
        const int v = static_cast<int>(v0 + (std::clamp(u + 0.5, u0, u1) - u0) * slope);
        if (alongRows)
            plot(v, u);
        else
            plot(u, v);
    };
    visit(first);
    if (last > first && stride == 1) visit(last);
    return true;
}

// u is the major axis (x, or y when AlongRows), v the other. One pixel per column u from the
// first end's to the last end's, every `stride`-th: the line's v at the column's centre, clamped
// to the ends. Inner columns sum v in 32.32 fixed point from a value computed per line, so a band
// starting at any column finds the pixels of a single pass exactly. A band visits only the
// columns whose pixel can fall in it (a column of slack either side for rounding).
template <bool AlongRows, typename Plot>
void PixelCanvas::forRunPixels(double u0, double v0, double u1, double v1, int stride,
                               Plot plot) const {
    if (u1 < u0) {
        std::swap(u0, u1);
        std::swap(v0, v1);
    }
    const int first = static_cast<int>(u0), last = static_cast<int>(u1);  // >= 0 once clipped
    const double slope = last > first ? (v1 - v0) / (u1 - u0) : 0.0;
    int from = first, to = last;
    if (AlongRows) {
        from = std::max(from, m_top);
        to = std::min(to, m_bottom - 1);
    } else if (slope != 0.0 && (std::min(v0, v1) < m_top || std::max(v0, v1) >= m_bottom)) {
        // (A line within the band's rows keeps all its columns: no divisions.)
        const double a = u0 + (m_top - 1 - v0) / slope, b = u0 + (m_bottom + 1 - v0) / slope;
        from = std::max(from, int(floorToInt(std::min(a, b))) - 1);
        to = std::min(to, int(floorToInt(std::max(a, b))) + 2);
    }
    if (stride > 1) from += (stride - (from - first) % stride) % stride;
    // Locals, not members, in the loop: the pixel stores could alias the int members.
    const int top = m_top, bottom = m_bottom, minX = m_lineLeft, maxX = m_lineRight - 1;
    const auto visit = [&](int u, int v) {
        const int x = AlongRows ? v : u, y = AlongRows ? u : v;
        if (!AlongRows && (y < top || y >= bottom)) return;
        plot(std::clamp(x, minX, maxX), y);
    };
    const auto endV = [&](int u) {
        return static_cast<int>(v0 + (std::clamp(u + 0.5, u0, u1) - u0) * slope);
    };
    int u = from;
    if (u == first && u <= to) {
        visit(u, endV(u));
        u += stride;
    }
    constexpr double kOne = 4294967296.0;
    // Columns to strides: most lines are solid, and an integer division costs tens of cycles.
    const auto stepsOf = [stride](int columns) {
        return int64_t(stride == 1 ? columns : columns / stride);
    };
    const auto step = static_cast<int64_t>(slope * kOne) * stride;
    int64_t fv =
        static_cast<int64_t>((v0 + (first + 0.5 - u0) * slope) * kOne) + stepsOf(u - first) * step;
    const int inner = std::min(last - 1, to);  // the last inner column drawn
    if (u <= inner) {
        // v is monotonic along the run: when both ends' v need no test (a column inside the line
        // columns, or a row inside the band), no v between does.
        const int64_t fvInner = fv + stepsOf(inner - u) * step;
        const int64_t vLow = std::min(fv, fvInner) >> 32, vHigh = std::max(fv, fvInner) >> 32;
        const bool clear =
            AlongRows ? vLow >= minX && vHigh <= maxX : vLow >= top && vHigh < bottom;
        if (clear) {
            for (; u <= inner; u += stride, fv += step) {
                const int v = static_cast<int>(fv >> 32);
                if (AlongRows)
                    plot(v, u);
                else
                    plot(u, v);
            }
        } else {
            for (; u <= inner; u += stride, fv += step) visit(u, static_cast<int>(fv >> 32));
        }
    }
    if (u == last && u <= to) visit(u, endV(u));
}

}  // namespace tpugraphs::ui
