// GraphViewPanel's export: the Export menu, its file dialogs, and the writers it calls (drawing
// as SVG or PNG, graph as DOT or GraphML).
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QToolButton>

#include <exception>
#include <stdexcept>

#include "analysis/graph_export.h"
#include "analysis/loaded_graph.h"
#include "graphview/graph_image_export.h"
#include "graphview/graph_view_panel.h"
#include "graphview/graph_view_widget.h"

namespace tpugraphs::ui {

void GraphViewPanel::setExportGraph(std::shared_ptr<const LoadedGraph> graph,
                                    int64_t layoutConfig) {
    m_exportGraph = std::move(graph);
    m_exportLayoutConfig = layoutConfig;
}

void GraphViewPanel::exportDrawing(const QString& path, bool wholeGraph) const {
    const auto scene = m_view->scene();
    if (!scene) throw std::runtime_error("no drawing to export");
    const QRectF world =
        wholeGraph ? scene->bounds().adjusted(-20, -20, 20, 20) : m_view->visibleWorld();
    // What the drawing shows, without the search's passing highlights.
    GraphRenderState state = m_view->renderState();
    state.matches.clear();
    state.currentMatch = -1;
    if (path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive))
        writeGraphSvg(path, *scene, state, world);
    else
        // The visible region at the view's zoom; the whole graph at least at label zoom.
        writeGraphPng(path, *scene, state, world,
                      wholeGraph ? std::max(1.0, m_view->zoom()) : m_view->zoom());
}

void GraphViewPanel::exportGraph(const QString& path) const {
    if (!m_exportGraph) throw std::runtime_error("no graph to export");
    GraphExportOptions options;
    options.layoutConfig = m_exportLayoutConfig;
    if (path.endsWith(QStringLiteral(".dot"), Qt::CaseInsensitive))
        writeGraphDot(path.toStdString(), *m_exportGraph, options);
    else
        writeGraphMl(path.toStdString(), *m_exportGraph, options);
}

void GraphViewPanel::buildExportMenu() {
    m_export->setText(QStringLiteral("Export"));
    m_export->setObjectName("graphExport");
    m_export->setToolTip(
        QStringLiteral("Save the drawing (SVG, PNG) or the graph (DOT, GraphML) to a file"));
    m_export->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(m_export);
    const QString svg = QStringLiteral("SVG (*.svg)"), png = QStringLiteral("PNG (*.png)");
    menu->addAction(QStringLiteral("Visible region as SVG…"), this, [this, svg] {
        exportWithDialog(QStringLiteral("Export the visible region"), svg, true, false);
    });
    menu->addAction(QStringLiteral("Visible region as PNG…"), this, [this, png] {
        exportWithDialog(QStringLiteral("Export the visible region"), png, true, false);
    });
    QAction* wholeSvg = menu->addAction(QString(), this, [this, svg] {
        exportWithDialog(QStringLiteral("Export the whole drawing"), svg, true, true);
    });
    QAction* wholePng = menu->addAction(QString(), this, [this, png] {
        exportWithDialog(QStringLiteral("Export the whole drawing"), png, true, true);
    });
    wholeSvg->setObjectName("exportWholeSvg");
    // The entries say what they write: the whole graph only when the view draws all of it.
    connect(menu, &QMenu::aboutToShow, this, [this, wholeSvg, wholePng] {
        const QString what = wholeDrawingName();
        wholeSvg->setText(what + QStringLiteral(" as SVG…"));
        wholePng->setText(what + QStringLiteral(" as PNG…"));
    });
    menu->addSeparator();
    menu->addAction(QStringLiteral("Graph as DOT…"), this, [this] {
        exportWithDialog(QStringLiteral("Export the graph"), QStringLiteral("DOT (*.dot)"), false,
                         false);
    });
    menu->addAction(QStringLiteral("Graph as GraphML…"), this, [this] {
        exportWithDialog(QStringLiteral("Export the graph"), QStringLiteral("GraphML (*.graphml)"),
                         false, false);
    });
    m_export->setMenu(menu);
}

QString GraphViewPanel::wholeDrawingName() const {
    const auto scene = m_view->scene();
    if (!scene || scene->mode() == GraphViewMode::Whole) return QStringLiteral("Whole graph");
    return QStringLiteral("All of this view (%1 of %2 nodes)")
        .arg(QLocale().toString(scene->nodeCount()),
             QLocale().toString(m_view->graph() ? m_view->graph()->nodeCount : 0));
}

QString GraphViewPanel::proposedFileName(const QString& suffix) const {
    const QString name =
        m_exportGraph
            ? QFileInfo(QString::fromStdString(m_exportGraph->entry.path)).completeBaseName()
            : QStringLiteral("graph");
    return name + suffix;
}

void GraphViewPanel::exportWithDialog(const QString& title, const QString& filter, bool drawing,
                                      bool wholeGraph) {
    const QString suffix = filter.section(QStringLiteral("*"), 1).chopped(1);  // ".svg"
    QString path = QFileDialog::getSaveFileName(this, title, proposedFileName(suffix), filter);
    if (path.isEmpty()) return;
    if (!path.endsWith(suffix, Qt::CaseInsensitive)) path += suffix;
    try {
        if (drawing)
            exportDrawing(path, wholeGraph);
        else
            exportGraph(path);
    } catch (const std::exception& e) {
        QMessageBox::warning(this, QStringLiteral("Export failed"),
                             QStringLiteral("%1: %2").arg(path, QString::fromUtf8(e.what())));
    }
}

}  // namespace tpugraphs::ui
