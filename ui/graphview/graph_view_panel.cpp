// GraphViewPanel: wires the toolbar controls and keyboard shortcuts to the graph view.
#include "graphview/graph_view_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QShortcut>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

#include "graphview/graph_search_bar.h"
#include "graphview/graph_view_widget.h"

namespace tpugraphs::ui {

namespace {
constexpr int kPaneSpacing = 4;  // px between the split view's panes
}  // namespace

GraphViewPanel::GraphViewPanel(QWidget* parent)
    : QWidget(parent),
      m_view(new GraphViewWidget(this)),
      m_viewB(new GraphViewWidget(this)),
      m_search(new GraphSearchBar(m_view, this)),
      m_mode(new QComboBox(this)),
      m_fit(new QToolButton(this)),
      m_collapse(new QToolButton(this)),
      m_legend(new QToolButton(this)),
      m_overview(new QToolButton(this)),
      m_whole(new QToolButton(this)),
      m_export(new QToolButton(this)),
      m_status(new QLabel(this)) {
    setUpControls();
    layOut();
    connectSplitView();
    connectControls();
    connectStatus();
    addShortcuts();
    buildExportMenu();
    updateControls();
}

void GraphViewPanel::setUpControls() {
    m_mode->setObjectName("graphViewMode");
    m_mode->addItem(QStringLiteral("Whole graph"), int(GraphViewMode::Whole));
    m_mode->addItem(QStringLiteral("Configurable + neighbours"),
                    int(GraphViewMode::ConfigurableNeighbourhood));
    m_mode->addItem(QStringLiteral("Computations collapsed"),
                    int(GraphViewMode::CollapsedComputations));
    // The combo may be narrower than its longest entry, so the search bar keeps its room.
    m_mode->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_mode->setMinimumContentsLength(25);
    m_mode->setToolTip(
        QStringLiteral("Which nodes to draw: all, the pruned graph the models train on, or one "
                       "box per computation (double-click a box to open it)"));
    m_fit->setText(QStringLiteral("Fit"));
    m_fit->setToolTip(QStringLiteral("Fit the graph to the window (F, Home)"));
    m_collapse->setText(QStringLiteral("Collapse all"));
    m_collapse->setToolTip(QStringLiteral("Fold every opened computation back into its box"));
    m_legend->setText(QStringLiteral("Legend"));
    m_legend->setCheckable(true);
    m_legend->setChecked(true);
    m_legend->setToolTip(QStringLiteral("Show the colour legend (L)"));
    m_overview->setText(QStringLiteral("Map"));
    m_overview->setObjectName("graphOverview");
    m_overview->setCheckable(true);
    m_overview->setChecked(m_view->isMinimapEnabled());
    m_overview->setToolTip(QStringLiteral(
        "Show the overview map in the corner while part of the graph is out of view; click or "
        "drag in it to move the view (M)"));
    m_whole->setText(QStringLiteral("Whole graph"));
    m_whole->setObjectName("graphWholeButton");
    m_whole->setToolTip(
        QStringLiteral("The whole graph is too small to read at this size, so the view opened "
                       "on its configurable nodes and their neighbours: show the whole graph"));
}

void GraphViewPanel::layOut() {
    // The status is short ("2,516 nodes, 4,126 edges", details in its tool tip) and never cut:
    // the combo box and the search field give way first.
    m_status->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Preferred);
    m_buttonRow = new QHBoxLayout;
    m_buttonRow->addWidget(m_mode);
    m_buttonRow->addWidget(m_fit);
    m_buttonRow->addWidget(m_collapse);
    m_buttonRow->addWidget(m_legend);
    m_buttonRow->addWidget(m_overview);
    m_buttonRow->addWidget(m_whole);
    m_buttonRow->addWidget(m_export);
    m_buttonRow->addSpacing(12);
    m_buttonRow->addWidget(m_search);
    m_buttonRow->addWidget(m_status, 1);
    m_searchRow = new QHBoxLayout;
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(m_buttonRow);
    layout->addLayout(m_searchRow);
    auto* views = new QHBoxLayout;
    views->setSpacing(kPaneSpacing);
    views->addWidget(m_view, 1);
    views->addWidget(m_viewB, 1);
    m_viewB->setObjectName("graphViewB");
    m_viewB->hide();
    layout->addLayout(views, 1);
}

void GraphViewPanel::connectSplitView() {
    connect(m_view, &GraphViewWidget::transformChanged, this, [this] {
        if (isSplitView()) m_viewB->setTransform(m_view->transform());
    });
    connect(m_viewB, &GraphViewWidget::transformChanged, this,
            [this] { m_view->setTransform(m_viewB->transform()); });
    connect(m_view, &GraphViewWidget::drawingFinished, this, [this] {
        if (isSplitView()) mirrorSceneInB();
    });
}

void GraphViewPanel::connectControls() {
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] {
        m_openedReadable = false;
        m_view->setViewMode(static_cast<GraphViewMode>(m_mode->currentData().toInt()));
        updateControls();
    });
    connect(m_fit, &QToolButton::clicked, m_view, &GraphViewWidget::fitToWindow);
    connect(m_whole, &QToolButton::clicked, this,
            [this] { m_mode->setCurrentIndex(m_mode->findData(int(GraphViewMode::Whole))); });
    connect(m_view, &GraphViewWidget::viewModeChanged, this,
            [this](GraphViewMode mode, bool automatic) {
                const QSignalBlocker block(m_mode);
                m_mode->setCurrentIndex(m_mode->findData(int(mode)));
                m_openedReadable = automatic;
                updateControls();
            });
    connect(m_collapse, &QToolButton::clicked, m_view, &GraphViewWidget::collapseAllComputations);
    connect(m_legend, &QToolButton::toggled, m_view, &GraphViewWidget::setLegendVisible);
    connect(m_overview, &QToolButton::toggled, m_view, &GraphViewWidget::setMinimapEnabled);
    connect(m_view, &GraphViewWidget::minimapEnabledChanged, m_overview, &QToolButton::setChecked);
}

void GraphViewPanel::connectStatus() {
    connect(m_view, &GraphViewWidget::drawingStarted, this,
            [this] { m_status->setText(QStringLiteral("laying out…")); });
    connect(m_view, &GraphViewWidget::drawingFailed, this, [this](const QString& message) {
        m_status->setText(QStringLiteral("layout failed"));
        m_status->setToolTip(message);
    });
    connect(m_view, &GraphViewWidget::drawingFinished, this,
            [this](int nodes, int edges, double ms) {
                const QLocale locale;
                m_status->setText(QStringLiteral("%1 nodes, %2 edges")
                                      .arg(locale.toString(nodes), locale.toString(edges)));
                m_status->setToolTip(
                    QStringLiteral("%1, laid out in %2 ms").arg(m_status->text()).arg(qRound(ms)));
                m_legend->setChecked(m_view->isLegendVisible());
            });
}

void GraphViewPanel::addShortcuts() {
    auto* find = new QShortcut(QKeySequence::Find, this);
    connect(find, &QShortcut::activated, m_search, &GraphSearchBar::focusInput);
    auto* next = new QShortcut(QKeySequence::FindNext, this);
    connect(next, &QShortcut::activated, m_search, &GraphSearchBar::next);
    auto* previous = new QShortcut(QKeySequence::FindPrevious, this);
    connect(previous, &QShortcut::activated, m_search, &GraphSearchBar::previous);
}

void GraphViewPanel::setGraph(std::shared_ptr<const GraphTopology> topology) {
    // The view mode and the search belong to the graph they were chosen on. Clearing first lets
    // the mode change without laying out the old graph again.
    m_view->clear();
    m_viewB->clear();
    m_search->clear();
    m_openedReadable = false;
    {
        const QSignalBlocker block(m_mode);
        m_mode->setCurrentIndex(0);
    }
    m_view->setViewMode(GraphViewMode::Whole);
    m_view->setGraph(std::move(topology));
    updateControls();
}

void GraphViewPanel::setSplitView(bool on) {
    m_viewB->setVisible(on);
    if (on) mirrorSceneInB();
}

void GraphViewPanel::mirrorSceneInB() {
    {
        // B fits its first drawing at its size before the layout placed it: through the sync
        // that would move A too and end A's fit (both panes then sat small in a corner).
        const QSignalBlocker quiet(m_viewB);
        m_viewB->showScene(m_view->scene());
    }
    m_viewB->setTransform(m_view->transform());
}

void GraphViewPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    placeSearchRow();
}

void GraphViewPanel::placeSearchRow() {
    constexpr int kOneRowWidth = 900;  // px: room for the buttons, a usable field and the counts
    const bool oneRow = width() >= kOneRowWidth;
    if (oneRow == m_searchOnButtonRow) return;
    m_searchOnButtonRow = oneRow;
    QHBoxLayout* to = oneRow ? m_buttonRow : m_searchRow;
    for (QWidget* w : {static_cast<QWidget*>(m_search), static_cast<QWidget*>(m_status)}) {
        (oneRow ? m_searchRow : m_buttonRow)->removeWidget(w);
        // One row: the counts take the slack; their own row: the search field does.
        to->addWidget(w, (w == m_status) == oneRow ? 1 : 0);
    }
}

int GraphViewPanel::widthForPanes(int paneWidth) const {
    const QMargins margins = layout()->contentsMargins();
    return 2 * paneWidth + kPaneSpacing + margins.left() + margins.right();
}

bool GraphViewPanel::isSplitView() const {
    return !m_viewB->isHidden();
}

void GraphViewPanel::updateControls() {
    const auto graph = m_view->graph();
    // Collapse all only in the collapsed view: elsewhere its room goes to the search and status.
    m_collapse->setVisible(m_view->viewMode() == GraphViewMode::CollapsedComputations);
    m_whole->setVisible(m_openedReadable &&
                        m_view->viewMode() == GraphViewMode::ConfigurableNeighbourhood);
    m_export->setEnabled(graph != nullptr);
    m_mode->setEnabled(graph != nullptr);
    m_fit->setEnabled(graph != nullptr);
    m_overview->setEnabled(graph != nullptr);
    if (!graph) m_status->setText(QStringLiteral("no graph"));
}

}  // namespace tpugraphs::ui
