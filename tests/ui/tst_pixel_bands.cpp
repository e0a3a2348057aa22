// Tests of the banded pixel layer: the canvas's lines and fills, line coverage counted per pixel,
// bands cut at equal shares of the work, and that drawing in any number of bands, on any number of
// threads, gives the image of a single band, both for random lines and rectangles and for a
// graph's zoomed-out view.
#include <QPainter>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QThreadPool>
#include <QtTest>
#include <algorithm>
#include <array>
#include <numeric>
#include <optional>
#include <vector>

#include "graphview/graph_view_widget.h"
#include "graphview/line_coverage.h"
#include "graphview/pixel_bands.h"
#include "graphview/pixel_canvas.h"
#include "synth/synthetic_dag.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

const QRgb kWhite = qRgb(255, 255, 255);
const QRgb kBlack = qRgb(0, 0, 0);

struct Line {
    QLineF line;
    int alpha;
    int stride;
};

struct Shapes {
    std::vector<Line> lines;
    std::vector<QRect> rects;  // filled, then outlined one pixel outside
};

// Lines in every direction, solid and dotted, from sub-pixel to longer than the image, some
// partly or wholly outside it; rectangles, some partly outside.
Shapes randomShapes(const QSize& size, int count) {
    QRandomGenerator random(7);
    auto coordinate = [&](int extent) { return random.bounded(extent * 1.4) - extent * 0.2; };
    Shapes shapes;
    for (int i = 0; i < count; ++i) {
        const QPointF from(coordinate(size.width()), coordinate(size.height()));
        const QPointF to = i % 3 == 0
                               ? from + QPointF(random.bounded(3.0), random.bounded(3.0))
                               : QPointF(coordinate(size.width()), coordinate(size.height()));
        shapes.lines.push_back({QLineF(from, to), 20 + int(random.bounded(200)), i % 4 ? 1 : 3});
        shapes.rects.emplace_back(int(coordinate(size.width())), int(coordinate(size.height())),
                                  1 + int(random.bounded(6)), 1 + int(random.bounded(6)));
    }
    return shapes;
}

// Every band draws every shape (the canvas keeps to the band's rows); the lines' lengths, added
// as work, make bands of unequal heights.
QImage drawShapes(const Shapes& shapes, const QSize& size, int bandCount) {
    PixelBands bands(size.height(), bandCount);
    for (const Line& l : shapes.lines)
        bands.addWork(std::min(l.line.y1(), l.line.y2()), std::max(l.line.y1(), l.line.y2()),
                      l.line.length());
    QImage image;
    bands.draw(image, size, kWhite, [&](PixelCanvas& canvas, int) {
        for (const Line& l : shapes.lines) canvas.blendLine(l.line, kBlack, l.alpha, l.stride);
        for (int i = 0; i < int(shapes.rects.size()); ++i) {
            const QRect& r = shapes.rects[size_t(i)];
            canvas.fillRect(r, qRgb(40 * (i % 6), 200, 90));
            canvas.outlineRect(r.adjusted(-1, -1, 1, 1), kBlack);
        }
    });
    return image;
}

// The lines counted as coverage (kind: 0 for the dotted ones), in `order`, in `bandCount` bands.
QImage drawCoverage(const Shapes& shapes, const QSize& size, int bandCount,
                    const std::vector<size_t>& order, const std::array<int, 2>& alpha) {
    PixelBands bands(size.height(), bandCount);
    QImage image;
    bands.draw(image, size, kWhite, [&](PixelCanvas& canvas, int) {
        LineCoverage coverage(canvas);
        for (const size_t i : order) {
            const Line& l = shapes.lines[i];
            coverage.addLine(l.line, l.stride > 1 ? 0 : 1, l.stride);
        }
        coverage.paint(kWhite, kBlack, alpha);
    });
    return image;
}

// A canvas over a white image (rows [top, bottom) of it), for the known-answer tests.
struct Canvas {
    explicit Canvas(const QSize& size, int top = 0, int bottom = 1 << 20)
        : image(size, QImage::Format_RGB32) {
        image.fill(kWhite);
        canvas.emplace(image.bits(), image.bytesPerLine(), size, top, bottom);
    }
    QImage image;
    std::optional<PixelCanvas> canvas;
};

int changedPixels(const QImage& image) {
    int changed = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) changed += image.pixel(x, y) != kWhite;
    return changed;
}

}  // namespace

class TestPixelBands : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void lineBlendsEachPixelOnce() {
        Canvas c(QSize(16, 8));
        c.canvas->blendLine(QLineF(2.5, 3.5, 10.5, 3.5), kBlack, 128);
        for (int x = 0; x < 16; ++x)
            QCOMPARE(c.image.pixel(x, 3), x >= 2 && x <= 10 ? qRgb(127, 127, 127) : kWhite);
        QCOMPARE(changedPixels(c.image), 9);
        // Two steps inside one pixel: blended once, not darker.
        c.canvas->blendLine(QLineF(0.2, 0.2, 0.8, 0.9), kBlack, 128);
        QCOMPARE(c.image.pixel(0, 0), qRgb(127, 127, 127));
    }

    // A line inside one pixel blends that pixel alone, wherever it lies in the pixel and in the
    // image (the first and last rows and columns take the general walk, the others a shortcut),
    // solid or dotted, and nothing when the pixel is outside the band.
    void lineInsideOnePixelBlendsIt() {
        const QSize size(7, 6);
        QRandomGenerator random(3);
        for (int i = 0; i < 400; ++i) {
            const int px = int(random.bounded(size.width()));
            const int py = int(random.bounded(size.height()));
            const auto inside = [&](int p) { return p + random.bounded(0.999); };
            const QLineF line(inside(px), inside(py), inside(px), inside(py));
            Canvas c(size, 1, 5);  // band rows 1..4
            c.canvas->blendLine(line, kBlack, 256, i % 2 ? 1 : 3);
            const bool inBand = py >= 1 && py < 5;
            QCOMPARE(changedPixels(c.image), inBand ? 1 : 0);
            if (inBand) QCOMPARE(c.image.pixel(px, py), kBlack);
        }
    }

    // A line whose ends lie in neighbouring pixels, clear of the sides, takes the short path:
    // the pixels of the general walk, in its order, for ends anywhere in their pixels (on pixel
    // corners and centres too), in every direction, solid or dotted, in bands and line columns;
    // lines near a side or longer are left to the walk.
    void shortLinesVisitTheWalksPixels() {
        const QSize size(12, 10);
        QRandomGenerator random(11);
        const std::array<double, 5> grid = {0.0, 0.5, 0.25, 0.999999999, 1e-12};
        const auto coordinate = [&](int pixel) {
            return pixel + (random.bounded(3) ? random.bounded(1.0) : grid[random.bounded(5)]);
        };
        int shortPaths = 0, walks = 0;
        for (int i = 0; i < 20000; ++i) {
            const int px = int(random.bounded(size.width())),
                      py = int(random.bounded(size.height()));
            const int reach = i % 10 ? 1 : 2;
            const int qx = px + int(random.bounded(2 * reach + 1)) - reach;
            const int qy = py + int(random.bounded(2 * reach + 1)) - reach;
            const QLineF line(coordinate(px), coordinate(py), coordinate(qx), coordinate(qy));
            const int top = int(random.bounded(4)), bottom = size.height() - int(random.bounded(4));
            const int left = int(random.bounded(3)), right = size.width() - int(random.bounded(3));
            Canvas c(size, top, bottom);
            const PixelCanvas canvas = c.canvas->withLineColumns(left, right);
            const int stride = i % 3 ? 1 : 3;
            std::vector<QPoint> walked, shortPath;
            canvas.forLinePixels(line, stride, [&](int x, int y) { walked.emplace_back(x, y); });
            if (!canvas.forShortLinePixels(line, stride,
                                           [&](int x, int y) { shortPath.emplace_back(x, y); })) {
                QVERIFY(shortPath.empty());
                ++walks;
                continue;
            }
            ++shortPaths;
            QVERIFY(std::abs(qx - px) <= 1 && std::abs(qy - py) <= 1);
            QCOMPARE(shortPath, walked);
        }
        QVERIFY(shortPaths > 3000);
        QVERIFY(walks > 5000);
    }

    void dottedLineSkipsPixels() {
        Canvas c(QSize(16, 4));
        c.canvas->blendLine(QLineF(0.5, 1.5, 9.5, 1.5), kBlack, 256, 3);
        for (int x = 0; x < 16; ++x)
            QCOMPARE(c.image.pixel(x, 1), x % 3 == 0 && x <= 9 ? kBlack : kWhite);
    }

    void drawingIsClippedToTheImageAndTheBand() {
        Canvas c(QSize(10, 12), 4, 8);
        c.canvas->blendLine(QLineF(5.5, -20, 5.5, 40), kBlack, 256);
        c.canvas->fillRect(QRect(-3, -3, 20, 30), qRgb(1, 2, 3));
        for (int y = 0; y < 12; ++y)
            QCOMPARE(c.image.pixel(0, y), y >= 4 && y < 8 ? qRgb(1, 2, 3) : kWhite);
        QCOMPARE(changedPixels(c.image), 4 * 10);
        c.canvas->outlineRect(QRect(2, 2, 6, 9), kBlack);  // rows 2..10, band rows 4..7
        QCOMPARE(c.image.pixel(2, 5), kBlack);
        QCOMPARE(c.image.pixel(7, 5), kBlack);
        QCOMPARE(c.image.pixel(4, 5), qRgb(1, 2, 3));
    }

    // Coverage gives the image of blending the lines one by one, the dotted ones (kind 0) first,
    // whatever order the lines come in and however the rows are split into bands.
    void coverageIsBlendingInKindOrder() {
        const QSize size(301, 257);
        const Shapes shapes = randomShapes(size, 3000);
        const std::array<int, 2> alpha = {40, 90};
        Canvas expected(size);
        for (const int kind : {0, 1})
            for (const Line& l : shapes.lines)
                if ((l.stride > 1 ? 0 : 1) == kind)
                    expected.canvas->blendLine(l.line, kBlack, alpha[size_t(kind)], l.stride);
        QVERIFY(changedPixels(expected.image) > size.width() * size.height() / 4);
        std::vector<size_t> order(shapes.lines.size());
        std::iota(order.begin(), order.end(), size_t(0));
        QCOMPARE(drawCoverage(shapes, size, 1, order, alpha), expected.image);
        std::reverse(order.begin(), order.end());
        QCOMPARE(drawCoverage(shapes, size, 7, order, alpha), expected.image);
        QCOMPARE(drawCoverage(shapes, size, 257, order, alpha), expected.image);
    }

    // A canvas whose lines are limited to some columns draws a line inside them as the whole
    // canvas does and clips the others to them; coverage counted over those columns alone gives
    // the image of blending.
    void lineColumnsKeepTheLinesInside() {
        const QSize size(24, 8);
        const std::vector<QLineF> inside = {QLineF(5.2, 0.5, 11.7, 7.5),
                                            QLineF(11.9, 1.5, 5.0, 4.2), QLineF(8.5, 0.2, 8.5, 7.9),
                                            QLineF(6.1, 6.6, 6.4, 6.9)};
        Canvas whole(size), limited(size), counted(size);
        PixelCanvas columns = limited.canvas->withLineColumns(5, 12);
        QCOMPARE(columns.lineLeft(), 5);
        QCOMPARE(columns.lineRight(), 12);
        LineCoverage coverage(counted.canvas->withLineColumns(5, 12));
        for (const QLineF& line : inside) {
            whole.canvas->blendLine(line, kBlack, 90);
            columns.blendLine(line, kBlack, 90);
            coverage.addLine(line, 1);
        }
        coverage.paint(kWhite, kBlack, {40, 90});
        QVERIFY(changedPixels(whole.image) > 10);
        QCOMPARE(limited.image, whole.image);
        QCOMPARE(counted.image, whole.image);
        columns.blendLine(QLineF(0.5, 3.5, 23.5, 3.5), kBlack, 256);  // across: columns 5-11 only
        for (int x = 0; x < size.width(); ++x)
            QCOMPARE(limited.image.pixel(x, 3) == kBlack, x >= 5 && x < 12);
    }

    // Counts stop at kMaxCount: 300 lines over one pixel give the colour of kMaxCount blends, not
    // of 300 - 256 (a count that wrapped).
    void coverageSaturates() {
        Canvas c(QSize(4, 4));
        LineCoverage coverage(*c.canvas);
        for (int i = 0; i < 300; ++i) coverage.addLine(QLineF(1.5, 1.5, 1.5, 1.5), 0);
        coverage.paint(kWhite, qRgb(0, 0, 255), {40, 90});
        QRgb expected = kWhite;
        const PixelBlend blend(qRgb(0, 0, 255), 40);
        for (int i = 0; i < LineCoverage::kMaxCount; ++i) blend.onto(expected);
        QCOMPARE(c.image.pixel(1, 1), expected);
        QVERIFY(qRed(expected) < 10);
        QCOMPARE(changedPixels(c.image), 1);
    }

    // Bands are cut at equal shares of the work added: work crowded in the last tenth of the rows
    // gets thin bands there.
    void bandsShareTheWork() {
        PixelBands bands(1000, 4);
        bands.addWork(0, 999, 100);    // 0.1 per row
        bands.addWork(900, 999, 300);  // 3 more per row in the last 100 rows
        QImage image;
        bands.draw(image, QSize(10, 1000), kWhite, [](PixelCanvas&, int) {});
        QCOMPARE(bands.count(), 4);
        QCOMPARE(bands.top(0), 0);
        QCOMPARE(bands.top(4), 1000);
        QVERIFY2(bands.top(1) > 890 && bands.top(1) < 910,
                 qPrintable(QString::number(bands.top(1))));
        for (int b = 1; b < 4; ++b) QVERIFY(bands.top(b + 1) - bands.top(b) < 40);
        PixelBands even(1000, 4);  // no work: equal heights
        even.draw(image, QSize(10, 1000), kWhite, [](PixelCanvas&, int) {});
        QCOMPARE(even.top(1), 250);
        QCOMPARE(even.top(3), 750);
    }

    void anyBandsGiveTheSingleBandImage_data() {
        QTest::addColumn<int>("bands");
        QTest::newRow("2") << 2;
        QTest::newRow("3") << 3;
        QTest::newRow("7") << 7;
        QTest::newRow("40") << 40;
        QTest::newRow("a row each") << 257;
        QTest::newRow("more than rows") << 1000;
    }
    void anyBandsGiveTheSingleBandImage() {
        QFETCH(int, bands);
        const QSize size(301, 257);
        const Shapes shapes = randomShapes(size, 3000);
        const QImage single = drawShapes(shapes, size, 1);
        QVERIFY(changedPixels(single) > size.width() * size.height() / 4);
        QCOMPARE(drawShapes(shapes, size, bands), single);
    }

    // The graph view's pixel layer (fitted, and zoomed in steps until only part of the graph is
    // drawn) on one thread and on many threads of the global pool.
    void graphLayerIsTheSameOnAnyNumberOfThreads() {
        QThreadPool* pool = QThreadPool::globalInstance();
        const int threads = pool->maxThreadCount();
        GraphViewWidget view;
        view.resize(900, 700);
        QSignalSpy finished(&view, &GraphViewWidget::drawingFinished);
        view.setGraph(std::make_shared<const GraphTopology>(makeSyntheticTopology(20000)));
        QVERIFY(finished.wait(60000));
        view.setLegendVisible(false);
        view.fitToWindow();
        QVector<float> values(20000);
        for (int i = 0; i < values.size(); ++i) values[i] = i % 7 ? float(i % 13) : NAN;
        auto render = [&](int threadCount, const QVector<float>& nodeValues) {
            pool->setMaxThreadCount(threadCount);
            view.setNodeValues(nodeValues);  // drops the cached layer
            QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
            QPainter painter(&image);
            view.renderFrame(painter, view.rect());
            return image;
        };
        for (int step = 0; step < 12; ++step) {
            QCOMPARE(render(8, {}), render(1, {}));
            QCOMPARE(render(8, values), render(1, values));
            view.zoomAt(1.5, QPointF(400, 300));
        }
        QVERIFY(view.detail() != GraphDetail::Dots);  // zoomed past the dots
        pool->setMaxThreadCount(threads);
    }
};

QTEST_MAIN(TestPixelBands)
#include "tst_pixel_bands.moc"
