// PixelBands: splits the rows and hands the bands, heaviest first, to QtConcurrent (the calling
// thread takes bands too, so a busy pool means less parallelism, never a wait); BandLists: items
// binned by band.
#include "graphview/pixel_bands.h"

#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>
#include <algorithm>
#include <numeric>

#include "graphview/pixel_canvas.h"

namespace tpugraphs::ui {

namespace {
constexpr int kBandsPerThread = 2;  // spare bands even out bands of unequal work
constexpr int kMinBandRows = 32;
}  // namespace

PixelBands::PixelBands(int height, int count) {
    height = std::max(height, 1);
    const int threads = QThreadPool::globalInstance()->maxThreadCount();
    if (count <= 0)
        count = threads > 1 ? std::min(kBandsPerThread * threads, height / kMinBandRows) : 1;
    count = std::clamp(count, 1, height);
    m_rows = (height + count - 1) / count;
    m_count = (height + m_rows - 1) / m_rows;
    m_perRow = 1.0 / m_rows;
    m_work.assign(size_t(m_count), 0.0);
}

int PixelBands::bandOf(double row) const {
    return static_cast<int>(std::clamp(row * m_perRow, 0.0, double(m_count - 1)));
}

void PixelBands::draw(QImage& image, const QSize& size, QRgb background,
                      const std::function<void(PixelCanvas&, int)>& draw) const {
    if (image.size() != size || image.format() != QImage::Format_RGB32)
        image = QImage(size, QImage::Format_RGB32);
    uchar* bits = image.bits();  // detaches here, not in the threads
    const qsizetype bytesPerLine = image.bytesPerLine();
    std::vector<int> order(static_cast<size_t>(m_count));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [this](int a, int b) { return m_work[size_t(a)] > m_work[size_t(b)]; });
    QtConcurrent::blockingMap(order, [&](int band) {
        PixelCanvas canvas(bits, bytesPerLine, size, band * m_rows, (band + 1) * m_rows);
        canvas.fill(background);
        draw(canvas, band);
    });
}

void BandLists::add(int item, double y0, double y1, double work) {
    const int first = m_bands.bandOf(y0 - 1.0), last = m_bands.bandOf(y1 + 1.0);
    const double share = work / (last - first + 1);
    for (int band = first; band <= last; ++band) {
        m_items[size_t(band)].push_back(item);
        m_bands.addWork(band, share);
    }
}

}  // namespace tpugraphs::ui
