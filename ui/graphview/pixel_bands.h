// Horizontal bands of an image's scanlines, drawn in parallel on the global thread pool, and the
// lists of what may draw into each band.
#pragma once

#include <QImage>
#include <functional>
#include <vector>

namespace tpugraphs::ui {

class PixelCanvas;

class PixelBands {
public:
    // `height` rows in `count` bands of equal height (the last may be shorter); count 0: a few
    // per thread of the global pool (one band when it has a single thread).
    explicit PixelBands(int height, int count = 0);

    int count() const { return m_count; }
    int bandOf(double row) const;  // clamped to the bands (rounding can give a neighbour)
    // Expected work in a band, in any unit: the heaviest bands are started first so that one
    // heavy band started last does not keep a thread busy while the others idle.
    void addWork(int band, double work) { m_work[size_t(band)] += work; }

    // Makes `image` a Format_RGB32 image of `size` (the bands' height) filled with `background`,
    // then calls draw(canvas, band) once per band, concurrently, with a canvas clipped to the
    // band. draw() must write pixels only through its canvas; drawing the same things in the
    // same order in every band gives the image that a single band would.
    void draw(QImage& image, const QSize& size, QRgb background,
              const std::function<void(PixelCanvas&, int)>& draw) const;

private:
    int m_rows;  // per band
    int m_count;
    double m_perRow;  // 1 / m_rows
    std::vector<double> m_work;
};

// Per band, the items (edges, nodes...) that may draw into it, in the order added: each band then
// visits only its own items instead of testing them all.
class BandLists {
public:
    explicit BandLists(PixelBands& bands) : m_bands(bands), m_items(size_t(bands.count())) {}

    // `item` draws within rows y0..y1 (fractional, y0 <= y1; a row of slack is added, which
    // covers bandOf's rounding); its expected `work` is shared among the bands it meets.
    void add(int item, double y0, double y1, double work);
    const std::vector<int>& items(int band) const { return m_items[size_t(band)]; }

private:
    PixelBands& m_bands;
    std::vector<std::vector<int>> m_items;
};

}  // namespace tpugraphs::ui
