// PixelBands: cuts the rows at equal shares of the expected work and draws the bands, heaviest
// first, on the calling thread and helpers of the global pool.
#include "graphview/pixel_bands.h"

#include <QRunnable>
#include <QSemaphore>
#include <QThreadPool>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <numeric>

#include "graphview/pixel_canvas.h"

namespace tpugraphs::ui {

namespace {
constexpr int kMinBandRows = 32;  // for the automatic band count
}  // namespace

// One band per thread: every band pays for finding its edges and for the lines that cross into
// it, so spare bands cost about a tenth more work; the work profile cuts them evenly enough.
PixelBands::PixelBands(int height, int count) : m_height(std::max(height, 1)) {
    if (count <= 0)
        count = std::min(QThreadPool::globalInstance()->maxThreadCount(), m_height / kMinBandRows);
    m_count = std::clamp(count, 1, m_height);
    m_workStep.assign(size_t(m_height) + 1, 0.0);
}

void PixelBands::addWork(double y0, double y1, double work) {
    const auto rowOf = [this](double y) {
        return static_cast<int>(floorToInt(std::clamp(y, 0.0, double(m_height - 1))));
    };
    const int first = rowOf(y0), last = std::max(first, rowOf(y1));
    const double perRow = work / (last - first + 1);
    m_workStep[size_t(first)] += perRow;
    m_workStep[size_t(last) + 1] -= perRow;
}

// Band b ends after the row where the work so far reaches b + 1 shares (every band keeps a
// row at least); no work at all gives bands of equal height.
void PixelBands::cut() {
    std::vector<double> rowWork(static_cast<size_t>(m_height));
    double density = 0.0, total = 0.0;
    for (int r = 0; r < m_height; ++r) {
        density += m_workStep[size_t(r)];
        rowWork[size_t(r)] = std::max(density, 0.0);
        total += rowWork[size_t(r)];
    }
    if (total <= 0.0) {
        std::fill(rowWork.begin(), rowWork.end(), 1.0);
        total = m_height;
    }
    const double share = total / m_count;
    m_top.assign(1, 0);
    double sum = 0.0;
    for (int r = 0; r + 1 < m_height && int(m_top.size()) < m_count; ++r) {
        sum += rowWork[size_t(r)];
        const int started = int(m_top.size());
        if (sum >= started * share || m_height - (r + 1) <= m_count - started)
            m_top.push_back(r + 1);
    }
    m_top.push_back(m_height);
    m_bandWork.assign(size_t(m_count), 0.0);
    for (int b = 0; b < m_count; ++b)
        for (int r = m_top[size_t(b)]; r < m_top[size_t(b) + 1]; ++r)
            m_bandWork[size_t(b)] += rowWork[size_t(r)];
}

void PixelBands::draw(QImage& image, const QSize& size, QRgb background,
                      const std::function<void(PixelCanvas&, int)>& draw) {
    cut();
    if (image.size() != size || image.format() != QImage::Format_RGB32)
        image = QImage(size, QImage::Format_RGB32);
    uchar* bits = image.bits();  // detaches here, not in the threads
    const qsizetype bytesPerLine = image.bytesPerLine();
    std::vector<int> order(static_cast<size_t>(m_count));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [this](int a, int b) {
        return m_bandWork[size_t(a)] > m_bandWork[size_t(b)];
    });
    std::atomic<int> next{0};
    runOnPoolAndHere([&] {
        for (int i; (i = next.fetch_add(1)) < m_count;) {
            const int band = order[size_t(i)];
            PixelCanvas canvas(bits, bytesPerLine, size, top(band), top(band + 1));
            canvas.fill(background);
            draw(canvas, band);
        }
    });
}

namespace {

struct Helper : QRunnable {
    Helper(const std::function<void()>& work, QSemaphore& finished)
        : work(work), finished(finished) {
        setAutoDelete(false);
    }
    void run() override {
        work();
        finished.release();
    }
    const std::function<void()>& work;
    QSemaphore& finished;
};

}  // namespace

// Runs `work` on up to count - 1 threads of the global pool and on the calling thread, which then
// takes back the helpers the pool has not started: it waits only for work under way, so a busy
// pool (the drawing job, the overview's job, which draws bands itself) never blocks it.
void PixelBands::runOnPoolAndHere(const std::function<void()>& work) const {
    QThreadPool* pool = QThreadPool::globalInstance();
    QSemaphore finished;
    std::vector<std::unique_ptr<Helper>> helpers;
    for (int i = 1; i < std::min(m_count, pool->maxThreadCount() + 1); ++i) {
        helpers.push_back(std::make_unique<Helper>(work, finished));
        pool->start(helpers.back().get());
    }
    work();
    int started = 0;
    for (const auto& helper : helpers) started += !pool->tryTake(helper.get());
    finished.acquire(started);
}

}  // namespace tpugraphs::ui
