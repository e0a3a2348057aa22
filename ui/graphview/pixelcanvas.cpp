// PixelCanvas: clipping, DDA line blending and rectangle fills on raw RGB32 scanlines.
#include "pixelcanvas.h"

#include <QVector>
#include <algorithm>
#include <cmath>

namespace tpugraphs::ui {

bool clipLine(QLineF& line, const QRectF& rect) {
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

PixelCanvas::PixelCanvas(QImage& image, const QSize& size, QRgb background) : m_image(image) {
    if (m_image.size() != size || m_image.format() != QImage::Format_RGB32)
        m_image = QImage(size, QImage::Format_RGB32);
    m_width = size.width();
    m_height = size.height();
    m_rowPointers.resize(m_height);
    for (int y = 0; y < m_height; ++y) {
        m_rowPointers[y] = reinterpret_cast<QRgb*>(m_image.scanLine(y));
        std::fill(m_rowPointers[y], m_rowPointers[y] + m_width, background);
    }
    m_rows = m_rowPointers.data();
}

void PixelCanvas::blendLine(QLineF line, QRgb color, int alpha, int stride) {
    if (!clipLine(line, QRectF(0, 0, m_width - 0.001, m_height - 0.001))) return;
    const double dx = line.dx(), dy = line.dy();
    const int steps =
        std::max(1, static_cast<int>(std::ceil(std::max(std::abs(dx), std::abs(dy)))));
    const double sx = dx / steps * stride, sy = dy / steps * stride;
    double x = line.x1(), y = line.y1();
    int lastX = -1, lastY = -1;
    for (int i = 0; i <= steps; i += stride, x += sx, y += sy) {
        const int px = static_cast<int>(x), py = static_cast<int>(y);
        if (px == lastX && py == lastY) continue;
        blendPixel(px, py, color, alpha);
        lastX = px;
        lastY = py;
    }
}

void PixelCanvas::fillRect(int x0, int y0, int x1, int y1, QRgb color) {
    x0 = std::max(x0, 0);
    y0 = std::max(y0, 0);
    x1 = std::min(x1, m_width);
    y1 = std::min(y1, m_height);
    for (int y = y0; y < y1; ++y) std::fill(m_rows[y] + x0, m_rows[y] + std::max(x0, x1), color);
}

void PixelCanvas::outlineRect(int x0, int y0, int x1, int y1, QRgb color) {
    fillRect(x0, y0, x1, y0 + 1, color);
    fillRect(x0, y1 - 1, x1, y1, color);
    fillRect(x0, y0, x0 + 1, y1, color);
    fillRect(x1 - 1, y0, x1, y1, color);
}

}  // namespace tpugraphs::ui
