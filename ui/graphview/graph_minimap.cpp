// GraphMinimap: overview geometry, the off-thread pixel layer of the whole scene, painting.
#include "graphview/graph_minimap.h"

#include <QPainter>
#include <algorithm>
#include <cmath>

#include "common/job_runner.h"
#include "graphview/graph_palette.h"
#include "graphview/graph_pixel_layer.h"
#include "graphview/graph_scene.h"

namespace tpugraphs::ui {

namespace {
constexpr int kMaxWidth = 240, kMaxHeight = 180;  // pixels, and at most a quarter of the view
constexpr int kMargin = 10, kInset = 3;
}  // namespace

GraphMinimap::GraphMinimap(QObject* parent) : QObject(parent), m_runner(new JobRunner(this)) {}

QRect GraphMinimap::content(const QSize& viewSize) const {
    if (!m_scene) return {};
    const QRectF bounds = m_scene->bounds();
    const double maxW = std::min(kMaxWidth, viewSize.width() / 4) - 2 * kInset;
    const double maxH = std::min(kMaxHeight, viewSize.height() / 4) - 2 * kInset;
    const double scale =
        std::min(maxW / std::max(bounds.width(), 1.0), maxH / std::max(bounds.height(), 1.0));
    const QSize size(std::max(8, int(std::lround(bounds.width() * scale))),
                     std::max(8, int(std::lround(bounds.height() * scale))));
    const QPoint bottomRight(viewSize.width() - kMargin - kInset,
                             viewSize.height() - kMargin - kInset);
    return QRect(bottomRight - QPoint(size.width(), size.height()), size);
}

QRect GraphMinimap::frame(const QSize& viewSize) const {
    const QRect c = content(viewSize);
    return c.isEmpty() ? QRect() : c.adjusted(-kInset, -kInset, kInset, kInset);
}

QRectF GraphMinimap::toView(const QRectF& world, const QRect& content) const {
    const QRectF bounds = m_scene->bounds();
    const double sx = content.width() / std::max(bounds.width(), 1.0);
    const double sy = content.height() / std::max(bounds.height(), 1.0);
    return QRectF(content.left() + (world.left() - bounds.left()) * sx,
                  content.top() + (world.top() - bounds.top()) * sy, world.width() * sx,
                  world.height() * sy);
}

QPointF GraphMinimap::worldAt(const QPoint& viewPos, const QSize& viewSize) const {
    const QRect c = content(viewSize);
    if (c.isEmpty()) return {};
    const QRectF bounds = m_scene->bounds();
    const double fx = std::clamp((viewPos.x() - c.left()) / double(c.width()), 0.0, 1.0);
    const double fy = std::clamp((viewPos.y() - c.top()) / double(c.height()), 0.0, 1.0);
    return {bounds.left() + fx * bounds.width(), bounds.top() + fy * bounds.height()};
}

void GraphMinimap::rebuild(std::shared_ptr<const GraphScene> scene, const QVector<float>& values,
                           const QSize& viewSize) {
    m_scene = std::move(scene);
    const QSize size = content(viewSize).size();
    if (!m_scene || size.isEmpty()) {
        clear();
        return;
    }
    JobRunner* runner = m_runner;
    runner->start([this, runner, scene = m_scene, values, size](int id,
                                                                const std::atomic<bool>& cancel) {
        if (cancel) return;
        GraphRenderState state;
        state.values = values.isEmpty() ? nullptr : &values;
        const QRectF bounds = scene->bounds();
        const double scale = std::min(size.width() / std::max(bounds.width(), 1.0),
                                      size.height() / std::max(bounds.height(), 1.0));
        const GraphViewTransform transform{scale, -bounds.topLeft() * scale};
        QVector<int> all(scene->nodeCount());
        for (int v = 0; v < all.size(); ++v) all[v] = v;
        QImage image;
        paintPixelLayer({*scene, transform, state, GraphDetail::Dots, bounds}, all, size, image);
        runner->finish(id, [this, scene, image] {
            m_image = image;
            m_imageScene = scene.get();
            Q_EMIT imageReady();
        });
    });
}

void GraphMinimap::clear() {
    m_runner->cancel();
    m_scene.reset();
    m_image = QImage();
    m_imageScene = nullptr;
}

bool GraphMinimap::isCurrent(const QSize& viewSize) const {
    return m_scene && m_imageScene == m_scene.get() && m_image.size() == content(viewSize).size();
}

void GraphMinimap::paint(QPainter& painter, const QSize& viewSize,
                         const QRectF& visibleWorld) const {
    const QRect c = content(viewSize);
    if (c.isEmpty()) return;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setPen(QColor(0, 0, 0, 70));
    painter.setBrush(palette::background);
    painter.drawRect(frame(viewSize).adjusted(0, 0, -1, -1));
    if (!m_image.isNull()) painter.drawImage(c, m_image);
    // The visible rectangle, at least a few pixels so that it stays findable zoomed far in.
    QRectF visible = toView(visibleWorld, c).intersected(QRectF(c));
    if (!visible.isEmpty()) {
        if (visible.width() < 4) visible.adjust(-2, 0, 2, 0);
        if (visible.height() < 4) visible.adjust(0, -2, 0, 2);
        painter.setPen(QPen(palette::selection, 1.5));
        painter.setBrush(QColor(220, 38, 38, 30));
        painter.drawRect(visible);
    }
    painter.restore();
}

}  // namespace tpugraphs::ui
