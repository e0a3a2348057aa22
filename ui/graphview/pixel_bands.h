// Horizontal bands of an image's scanlines, cut at equal shares of the expected work and drawn in
// parallel on the global thread pool.
#pragma once

#include <QImage>
#include <functional>
#include <vector>

namespace tpugraphs::ui {

class PixelCanvas;

class PixelBands {
public:
    // `height` rows in `count` bands; count 0: one per thread of the global pool.
    explicit PixelBands(int height, int count = 0);

    int count() const { return m_count; }
    int height() const { return m_height; }
    // Adds the expected work, in any unit, of drawing something over the (fractional) rows
    // y0..y1 (y0 <= y1), spread evenly over them.
    void addWork(double y0, double y1, double work);

    // Makes `image` a Format_RGB32 image of `size` (the bands' height) filled with `background`,
    // cuts the rows into bands of about equal work (equal heights when none was added), then
    // calls draw(canvas, band) once per band, concurrently (on this thread and on helpers of the
    // global pool, never waiting for a helper the pool has not started), heaviest band first, with
    // a canvas clipped to the band. draw() must write pixels only through its canvas; drawing the
    // same things in the same order in every band (skipping, with PixelCanvas::meetsRows, what
    // cannot reach it) gives the image that a single band would.
    void draw(QImage& image, const QSize& size, QRgb background,
              const std::function<void(PixelCanvas&, int)>& draw);

    int top(int band) const { return m_top[size_t(band)]; }  // first row; top(count()): height

private:
    void cut();
    void runOnPoolAndHere(const std::function<void()>& work) const;

    int m_height;
    int m_count;
    std::vector<double> m_workStep;  // per row: change of the work per row (summed: per row)
    std::vector<int> m_top;          // per band, then the height
    std::vector<double> m_bandWork;
};

}  // namespace tpugraphs::ui
