// Direct pixel drawing into an RGB32 image for the zoomed-out level of detail (many tiny items).
#pragma once

#include <QImage>
#include <QLineF>
#include <QRectF>
#include <QVector>
#include <algorithm>

namespace tpugraphs::ui {

// Clips a segment to a rectangle (Liang-Barsky). Returns false when nothing is left.
bool clipLine(QLineF& line, const QRectF& rect);

class PixelCanvas {
public:
    // Resizes/clears `image` (Format_RGB32) to `size` filled with `background`.
    PixelCanvas(QImage& image, const QSize& size, QRgb background);

    // Blends a 1-pixel line of `color` with opacity alpha/256 (DDA, clipped to the image),
    // every `stride`-th pixel (1: solid, 3: dotted).
    void blendLine(QLineF line, QRgb color, int alpha, int stride = 1);
    // Fills pixels [x0, x1) x [y0, y1), clipped.
    void fillRect(int x0, int y0, int x1, int y1, QRgb color);
    void outlineRect(int x0, int y0, int x1, int y1, QRgb color);

private:
    void blendPixel(int x, int y, QRgb color, int alpha) {
        QRgb& p = m_rows[std::min(y, m_height - 1)][std::min(x, m_width - 1)];
        const int inv = 256 - alpha;
        p = qRgb((qRed(color) * alpha + qRed(p) * inv) >> 8,
                 (qGreen(color) * alpha + qGreen(p) * inv) >> 8,
                 (qBlue(color) * alpha + qBlue(p) * inv) >> 8);
    }

    QImage& m_image;
    QRgb** m_rows = nullptr;
    QVector<QRgb*> m_rowPointers;
    int m_width = 0;
    int m_height = 0;
};

}  // namespace tpugraphs::ui
