// PixelCanvas: clipping, DDA line blending and rectangle fills on the raw RGB32 scanlines of one
// band of an image.
#include "graphview/pixel_canvas.h"

#include <cmath>

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

// Step k of the line is pixel (x0 + k * sx, y0 + k * sy) truncated: computed from k, not
// accumulated, so every band finds the same pixels; a band visits only the steps whose row can
// fall in it (a step of slack either side for rounding).
void PixelCanvas::blendLine(QLineF line, QRgb color, int alpha, int stride) {
    if (!meetsRows(line.y1(), line.y2())) return;
    if (!clipLine(line, QRectF(0, 0, m_width - 0.001, m_height - 0.001))) return;
    const double dx = line.dx(), dy = line.dy();
    const int steps =
        std::max(1, static_cast<int>(std::ceil(std::max(std::abs(dx), std::abs(dy)))));
    const double x0 = line.x1(), y0 = line.y1();
    const double sx = dx / steps * stride, sy = dy / steps * stride;
    int first = 0, last = steps / stride;
    const bool withinBand = std::min(y0, line.y2()) >= m_top && std::max(y0, line.y2()) < m_bottom;
    if (!withinBand && sy != 0.0) {
        const double a = (m_top - y0) / sy, b = (m_bottom - y0) / sy;
        first = static_cast<int>(std::clamp(std::floor(std::min(a, b)) - 1, 0.0, double(last)));
        last = static_cast<int>(std::clamp(std::ceil(std::max(a, b)) + 1, 0.0, double(last)));
    }
    // A pixel repeated at consecutive steps is blended once (the step before `first` lies a
    // step outside the band, so the band needs no earlier step for this). Locals, not members,
    // in the loop: the pixel stores could alias the int members and force reloads.
    int lastX = -1, lastY = -1;
    uchar* const bits = m_bits;
    const qsizetype bytesPerLine = m_bytesPerLine;
    const int top = m_top, bottom = m_bottom, maxX = m_width - 1, maxY = m_height - 1;
    for (int k = first; k <= last; ++k) {
        const int px = static_cast<int>(x0 + k * sx), py = static_cast<int>(y0 + k * sy);
        if (px == lastX && py == lastY) continue;
        lastX = px;
        lastY = py;
        const int y = std::min(py, maxY);
        if (y < top || y >= bottom) continue;
        QRgb& p = reinterpret_cast<QRgb*>(bits + y * bytesPerLine)[std::clamp(px, 0, maxX)];
        p = blend(p, color, alpha);
    }
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
