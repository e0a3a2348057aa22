// PixelCanvas: clipping, DDA line blending and rectangle fills on the raw RGB32 scanlines of one
// band of an image.
#include "graphview/pixel_canvas.h"

#include <cmath>
#include <cstdint>

namespace tpugraphs::ui {

bool clipLine(QLineF& line, const QRectF& rect) {
    const double x0 = line.x1(), y0 = line.y1();
    const double dx = line.x2() - x0, dy = line.y2() - y0;
    // Half a pixel inside every side, the general case below gives t0 = 0 and t1 = 1 (ratios
    // stay clear of 1 after rounding); most segments of a zoomed-out graph are like this.
    const double x1 = x0 + dx, y1 = y0 + dy;
    if (std::min(x0, x1) >= rect.left() + 0.5 && std::max(x0, x1) <= rect.right() - 0.5 &&
        std::min(y0, y1) >= rect.top() + 0.5 && std::max(y0, y1) <= rect.bottom() - 0.5) {
        line = QLineF(x0, y0, x1, y1);
        return true;
    }
    double t0 = 0.0, t1 = 1.0;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {x0 - rect.left(), rect.right() - x0, y0 - rect.top(), rect.bottom() - y0};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0) return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0.0) {
            if (t > t1) return false;
            t0 = std::max(t0, t);
        } else {
            if (t < t0) return false;
            t1 = std::min(t1, t);
        }
    }
    line = QLineF(x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy);
    return true;
}

PixelCanvas::PixelCanvas(uchar* bits, qsizetype bytesPerLine, const QSize& size, int top,
                         int bottom)
    : m_bits(bits),
      m_bytesPerLine(bytesPerLine),
      m_width(size.width()),
      m_height(size.height()),
      m_top(std::max(top, 0)),
      m_bottom(std::min(bottom, size.height())) {}

void PixelCanvas::fill(QRgb color) {
    for (int y = m_top; y < m_bottom; ++y) std::fill(row(y), row(y) + m_width, color);
}

void PixelCanvas::blendLine(QLineF line, QRgb color, int alpha, int stride) {
    if (!meetsRows(line.y1(), line.y2())) return;
    if (!clipLine(line, QRectF(0, 0, m_width - 0.001, m_height - 0.001))) return;
    if (std::abs(line.dx()) >= std::abs(line.dy()))
        blendRun<false>(line.x1(), line.y1(), line.x2(), line.y2(), color, alpha, stride);
    else
        blendRun<true>(line.y1(), line.x1(), line.y2(), line.x2(), color, alpha, stride);
}

// u is the major axis (x, or y when AlongRows), v the other. One pixel per column u from the
// first end's to the last end's, every `stride`-th: the line's v at the column's centre, clamped
// to the ends. Inner columns sum v in 32.32 fixed point from a value computed per line, so a band
// starting at any column finds the pixels of a single pass exactly. A band visits only the
// columns whose pixel can fall in it (a column of slack either side for rounding).
template <bool AlongRows>
void PixelCanvas::blendRun(double u0, double v0, double u1, double v1, QRgb color, int alpha,
                           int stride) {
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
    } else if (slope != 0.0) {
        const double a = u0 + (m_top - 1 - v0) / slope, b = u0 + (m_bottom + 1 - v0) / slope;
        from = std::max(from, int(floorToInt(std::min(a, b))) - 1);
        to = std::min(to, int(floorToInt(std::max(a, b))) + 2);
    }
    if (stride > 1) from += (stride - (from - first) % stride) % stride;
    // Locals, not members, in the loop: the pixel stores could alias the int members.
    uchar* const bits = m_bits;
    const qsizetype bytesPerLine = m_bytesPerLine;
    const int top = m_top, bottom = m_bottom, maxX = m_width - 1;
    const Blend blend(color, alpha);
    const auto plot = [&](int u, int v) {
        const int x = AlongRows ? v : u, y = AlongRows ? u : v;
        if (!AlongRows && (y < top || y >= bottom)) return;
        blend.onto(reinterpret_cast<QRgb*>(bits + y * bytesPerLine)[std::clamp(x, 0, maxX)]);
    };
    const auto endV = [&](int u) {
        return static_cast<int>(v0 + (std::clamp(u + 0.5, u0, u1) - u0) * slope);
    };
    int u = from;
    if (u == first && u <= to) {
        plot(u, endV(u));
        u += stride;
    }
    constexpr double kOne = 4294967296.0;
    const auto step = static_cast<int64_t>(slope * kOne) * stride;
    int64_t fv = static_cast<int64_t>((v0 + (first + 0.5 - u0) * slope) * kOne) +
                 (u - first) / stride * step;
    const int inner = std::min(last - 1, to);  // the last inner column drawn
    if constexpr (AlongRows) {
        // One pixel per row: step through the rows by offset instead of a multiply per row.
        const qsizetype rowStep = stride * bytesPerLine;
        for (qsizetype offset = u * bytesPerLine; u <= inner;
             u += stride, fv += step, offset += rowStep)
            blend.onto(reinterpret_cast<QRgb*>(bits + offset)[std::clamp(int(fv >> 32), 0, maxX)]);
    } else {
        for (; u <= inner; u += stride, fv += step) plot(u, static_cast<int>(fv >> 32));
    }
    if (u == last && u <= to) plot(u, endV(u));
}

void PixelCanvas::fillRect(const QRect& rect, QRgb color) {
    const int x0 = std::max(rect.left(), 0);
    const int x1 = std::max(x0, std::min(rect.left() + rect.width(), m_width));
    const int y1 = std::min(rect.top() + rect.height(), m_bottom);
    for (int y = std::max(rect.top(), m_top); y < y1; ++y)
        std::fill(row(y) + x0, row(y) + x1, color);
}

void PixelCanvas::outlineRect(const QRect& rect, QRgb color) {
    fillRect(QRect(rect.left(), rect.top(), rect.width(), 1), color);
    fillRect(QRect(rect.left(), rect.bottom(), rect.width(), 1), color);
    fillRect(QRect(rect.left(), rect.top(), 1, rect.height()), color);
    fillRect(QRect(rect.right(), rect.top(), 1, rect.height()), color);
}

}  // namespace tpugraphs::ui
