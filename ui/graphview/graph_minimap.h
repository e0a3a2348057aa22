// The graph view's overview (minimap): the whole graph drawn small off the UI thread, in the
// bottom-right corner, with the visible rectangle over it; a click or drag there moves the view.
#pragma once

#include <QImage>
#include <QObject>
#include <QRect>
#include <QVector>
#include <memory>

class QPainter;

namespace tpugraphs::ui {

class GraphScene;
class JobRunner;

class GraphMinimap : public QObject {
    Q_OBJECT
public:
    explicit GraphMinimap(QObject* parent = nullptr);

    // Draws the overview of `scene` for a view of `viewSize` on a JobRunner (`values`: per view
    // node in 0..1, NaN for none, empty for family colours, as the view shows them). Until the
    // image arrives (imageReady) the previous one, if any, is shown stretched.
    void rebuild(std::shared_ptr<const GraphScene> scene, const QVector<float>& values,
                 const QSize& viewSize);
    void clear();
    // Whether the image drawn matches the current scene and view size.
    bool isCurrent(const QSize& viewSize) const;

    // The overview's frame in a view of `viewSize` (empty without a scene), and the world point
    // shown at a view position (clamped to the graph).
    QRect frame(const QSize& viewSize) const;
    QPointF worldAt(const QPoint& viewPos, const QSize& viewSize) const;
    // One blit of the image and the outline of `visibleWorld`: cheap enough for every frame.
    void paint(QPainter& painter, const QSize& viewSize, const QRectF& visibleWorld) const;

Q_SIGNALS:
    void imageReady();

private:
    QRect content(const QSize& viewSize) const;  // the image's place inside the frame
    QRectF toView(const QRectF& world, const QRect& content) const;

    JobRunner* m_runner;
    std::shared_ptr<const GraphScene> m_scene;  // the scene of the image, or being drawn
    QImage m_image;
    const GraphScene* m_imageScene = nullptr;
};

}  // namespace tpugraphs::ui
