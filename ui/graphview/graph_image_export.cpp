// SVG and PNG export of a graph drawing.
#include "graphview/graph_image_export.h"

#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QTextStream>

#include <algorithm>

#include "base/atomic_file.h"
#include "graphview/graph_palette.h"
#include "graphview/graph_scene.h"

namespace tpugraphs::ui {

namespace {

QString colourText(const QColor& c) {
    return c.name(QColor::HexRgb);
}

QString xmlEscaped(const QString& text) {
    return text.toHtmlEscaped();
}

void writeSvgText(QTextStream& out, const GraphScene& scene, const GraphRenderState& state,
                  const QRectF& world) {
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << world.width() << "\" height=\""
        << world.height() << "\" viewBox=\"" << world.left() << ' ' << world.top() << ' '
        << world.width() << ' ' << world.height() << "\">\n"
        << "<rect x=\"" << world.left() << "\" y=\"" << world.top() << "\" width=\""
        << world.width() << "\" height=\"" << world.height() << "\" fill=\""
        << colourText(palette::background)
        << "\"/>\n"
        // Edges end in an arrowhead at their consumer, as on screen.
        << "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" "
           "markerWidth=\"6\" markerHeight=\"6\" orient=\"auto-start-reverse\">"
           "<path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\""
        << colourText(palette::edge) << "\"/></marker></defs>\n"
        << "<g fill=\"none\" stroke=\"" << colourText(palette::edge)
        << "\" stroke-width=\"1.2\" marker-end=\"url(#arrow)\">\n";
    scene.forEdgesMeeting(world, [&](int e) {
        out << "<polyline class=\"edge\" data-from=\"" << scene.originalNode(scene.edgeFrom(e))
            << "\" data-to=\"" << scene.originalNode(scene.edgeTo(e)) << "\" points=\"";
        for (int k = scene.pointBegin(e); k < scene.pointEnd(e); ++k)
            out << (k > scene.pointBegin(e) ? " " : "") << scene.point(k).x() << ','
                << scene.point(k).y();
        out << "\"/>\n";
    });
    out << "</g>\n<g font-family=\"sans-serif\" font-size=\"11\" text-anchor=\"middle\">\n";
    QVector<int> nodes;
    scene.nodesIn(world, nodes);
    std::sort(nodes.begin(), nodes.end());
    for (const int v : nodes) {
        const QRectF r = scene.rect(v);
        const QColor fill = nodeColor(scene, state, v);
        out << "<rect class=\"node\" data-node=\"" << scene.originalNode(v) << "\" x=\"" << r.left()
            << "\" y=\"" << r.top() << "\" width=\"" << r.width() << "\" height=\"" << r.height()
            << "\" rx=\"4\" fill=\"" << colourText(fill) << "\" stroke=\""
            << colourText(scene.isConfigurable(v) ? palette::configurable : palette::edge)
            << "\"/>\n<text x=\"" << r.center().x() << "\" y=\"" << r.center().y() + 4
            << "\" fill=\"" << colourText(labelColor(fill)) << "\">" << xmlEscaped(scene.label(v))
            << "</text>\n";
    }
    out << "</g>\n</svg>\n";
}

}  // namespace

void writeGraphSvg(const QString& path, const GraphScene& scene, const GraphRenderState& state,
                   const QRectF& world) {
    QString text;
    QTextStream out(&text);
    writeSvgText(out, scene, state, world);
    out.flush();
    writeFileAtomically(path.toStdString(), text.toStdString());
}

void writeGraphPng(const QString& path, const GraphScene& scene, const GraphRenderState& state,
                   const QRectF& world, double scale) {
    scale = std::min(scale, kMaxPngSide / std::max(world.width(), world.height()));
    const QSize size(std::max(1, qRound(world.width() * scale)),
                     std::max(1, qRound(world.height() * scale)));
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    GraphViewTransform transform;
    transform.scale = scale;
    transform.offset = -world.topLeft() * scale;
    {
        QPainter painter(&image);
        renderGraph(painter, scene, transform, state, QRect(QPoint(0, 0), size));
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    writeFileAtomically(path.toStdString(), bytes.toStdString());
}

}  // namespace tpugraphs::ui
