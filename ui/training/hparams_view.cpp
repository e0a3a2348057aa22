// The HParams view of the training page.
#include "training/hparams_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include "training/parallel_coordinates.h"

namespace tpugraphs::ui {

namespace {
constexpr int kRowRole = Qt::UserRole + 1;  // the table row of an item (the run column)
constexpr int kDirRole = Qt::UserRole + 2;
}  // namespace

HParamsView::HParamsView(QWidget* parent)
    : QWidget(parent),
      m_model(new QStandardItemModel(this)),
      m_proxy(new QSortFilterProxyModel(this)),
      m_view(new QTableView),
      m_filter(new QLineEdit),
      m_colour(new QComboBox),
      m_coordinates(new ParallelCoordinates) {
    setObjectName("hparamsView");
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterKeyColumn(-1);  // any column
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setSortRole(Qt::UserRole);
    m_view->setObjectName("hparamsTable");
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->horizontalHeader()->setTextElideMode(Qt::ElideMiddle);
    m_filter->setObjectName("hparamsFilter");
    m_filter->setPlaceholderText("Filter runs (any column)");
    m_filter->setClearButtonEnabled(true);
    m_colour->setObjectName("hparamsColourBy");
    m_colour->setToolTip("The metric that colours the lines: low blue, high red");
    m_colour->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* sweep = new QPushButton("Open Sweep Folder…");
    sweep->setObjectName("openSweepButton");
    sweep->setToolTip(
        "Lists every run of a `tpugraphs sweep` output folder (its runs/ sub-folders) to compare "
        "them here");
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(new QLabel("Colour by"));
    bar->addWidget(m_colour);
    bar->addWidget(sweep);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_view);
    split->addWidget(m_coordinates);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_proxy->setFilterFixedString(text);
        showFiltered();
    });
    connect(m_colour, &QComboBox::currentIndexChanged, this,
            [this] { m_coordinates->setColourColumn(m_colour->currentData().toInt()); });
    connect(m_view, &QTableView::clicked, this,
            [this](const QModelIndex& index) { onRowActivated(index.row()); });
    connect(m_coordinates, &ParallelCoordinates::rowClicked, this, [this](int row) {
        selectRun(m_table.runDirs.value(row));
        Q_EMIT runSelected(m_table.runDirs.value(row));
    });
    connect(sweep, &QPushButton::clicked, this, &HParamsView::openSweepRequested);
}

void HParamsView::setRuns(const QList<HParamsRun>& runs) {
    m_table = hparamsTable(runs);
    const QString colourKey = m_colour->currentIndex() >= 0
                                  ? m_table.columns.value(m_colour->currentData().toInt()).key
                                  : QString();
    fillModel();
    const QSignalBlocker block(m_colour);
    m_colour->clear();
    for (int c = 0; c < m_table.columns.size(); ++c)
        if (m_table.columns[c].metric) m_colour->addItem(m_table.columns[c].label, c);
    const int kept = m_colour->findData(m_table.columnOf(colourKey));
    m_colour->setCurrentIndex(kept >= 0 ? kept : 0);
    m_coordinates->setColourColumn(m_colour->count() ? m_colour->currentData().toInt() : -1);
    showFiltered();
}

void HParamsView::fillModel() {
    m_model->clear();
    QStringList headers{"Run"};
    for (const HParamsColumn& c : m_table.columns) headers.append(c.label);
    m_model->setHorizontalHeaderLabels(headers);
    for (int c = 0; c < m_table.columns.size(); ++c)
        m_model->horizontalHeaderItem(c + 1)->setToolTip(m_table.columns[c].metric
                                                             ? "Final " + m_table.columns[c].label
                                                             : "Option " + m_table.columns[c].key);
    for (int row = 0; row < m_table.cells.size(); ++row) {
        QList<QStandardItem*> items;
        auto* name = new QStandardItem(m_table.names[row]);
        name->setData(m_table.names[row].toLower(), Qt::UserRole);
        name->setData(row, kRowRole);
        name->setData(m_table.runDirs[row], kDirRole);
        name->setToolTip(m_table.runDirs[row]);
        items.append(name);
        for (int c = 0; c < m_table.columns.size(); ++c) {
            const QString& text = m_table.cells[row][c];
            // Shown to 4 significant digits (the full value in the tool tip), sorted exactly.
            const bool number = m_table.columns[c].numeric && !text.isEmpty();
            auto* item =
                new QStandardItem(number ? QString::number(text.toDouble(), 'g', 4) : text);
            if (number) item->setToolTip(text);
            // Numbers sort as numbers; a run without a value sorts last ascending.
            item->setData(m_table.columns[c].numeric && !text.isEmpty() ? QVariant(text.toDouble())
                                                                        : QVariant(text),
                          Qt::UserRole);
            if (m_table.columns[c].numeric)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            items.append(item);
        }
        m_model->appendRow(items);
    }
    m_view->resizeColumnsToContents();
}

void HParamsView::showFiltered() {
    QList<int> rows;
    for (int r = 0; r < m_proxy->rowCount(); ++r)
        rows.append(m_proxy->index(r, 0).data(kRowRole).toInt());
    m_coordinates->setTable(m_table, rows);
}

QStringList HParamsView::headers() const {
    QStringList headers;
    for (int c = 0; c < m_model->columnCount(); ++c)
        headers.append(m_model->headerData(c, Qt::Horizontal).toString());
    return headers;
}

void HParamsView::onRowActivated(int tableRow) {
    const QString dir = m_proxy->index(tableRow, 0).data(kDirRole).toString();
    m_coordinates->setSelectedRow(m_proxy->index(tableRow, 0).data(kRowRole).toInt());
    Q_EMIT runSelected(dir);
}

void HParamsView::selectRun(const QString& runDir) {
    for (int r = 0; r < m_proxy->rowCount(); ++r)
        if (m_proxy->index(r, 0).data(kDirRole).toString() == runDir) {
            m_view->selectRow(r);
            m_coordinates->setSelectedRow(m_proxy->index(r, 0).data(kRowRole).toInt());
        }
}

}  // namespace tpugraphs::ui
