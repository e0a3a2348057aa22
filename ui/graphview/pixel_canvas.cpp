// PixelCanvas: clipping, DDA line blending and rectangle fills on the raw RGB32 scanlines of one
// band of an image.
#include "graphview/pixel_canvas.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace tpugraphs::ui {

// The general case of clipLine: a segment that may cross the rectangle's sides.
bool clipLineAcross(QLineF& line, const QRectF& rect) {
    const double x0 = line.x1(), y0 = line.y1();
    const double dx = line.x2() - x0, dy = line.y2() - y0;
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
      m_bottom(std::min(bottom, size.height())),
      m_lineRight(size.width()) {}

PixelCanvas PixelCanvas::withLineColumns(int left, int right) const {
    PixelCanvas narrowed = *this;
    narrowed.m_lineLeft = std::clamp(left, 0, m_width);
    narrowed.m_lineRight = std::clamp(right, narrowed.m_lineLeft, m_width);
    return narrowed;
}

void PixelCanvas::fill(QRgb color) {
    for (int y = m_top; y < m_bottom; ++y) std::fill(row(y), row(y) + m_width, color);
}

void PixelCanvas::blendLine(const QLineF& line, QRgb color, int alpha, int stride) {
    const PixelBlend blend(color, alpha);
    uchar* const bits = m_bits;
    const qsizetype bytesPerLine = m_bytesPerLine;
    forLinePixels(line, stride, [&](int x, int y) {
        blend.onto(reinterpret_cast<QRgb*>(bits + y * bytesPerLine)[x]);
    });
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
