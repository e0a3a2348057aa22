// The dataset browser: tree with filter and sortable columns, and the collection summary.
#include "explorer/dataset_browser.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

#include "explorer/table_export.h"
#include "item_models/collection_summary_model.h"
#include "item_models/dataset_tree_model.h"
#include "prepare/prepared_cache_status.h"

namespace tpugraphs::ui {

DatasetBrowser::DatasetBrowser(QWidget* parent)
    : QWidget(parent),
      m_model(new DatasetTreeModel(this)),
      m_summary(new CollectionSummaryModel(this)),
      m_proxy(new QSortFilterProxyModel(this)),
      m_filter(new QLineEdit(this)),
      m_tree(new QTreeView(this)),
      m_summaryTable(new QTableView(this)),
      m_cacheLine(new QLabel(this)),
      m_splitter(new QSplitter(Qt::Vertical, this)) {
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(DatasetTreeModel::SortRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_proxy->setAutoAcceptChildRows(true);
    m_filter->setPlaceholderText(QStringLiteral("Filter graphs by name or collection…"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setObjectName("datasetFilter");
    setUpTree();
    setUpSummaryTable();
    m_cacheLine->setObjectName("preparedCacheLine");
    m_cacheLine->setWordWrap(true);
    m_cacheLine->hide();  // until the dataset's cache has been checked
    layOut();
    connectSignals();
}

void DatasetBrowser::setUpTree() {
    m_tree->setObjectName("datasetTree");
    m_tree->setModel(m_proxy);
    m_tree->setSortingEnabled(true);
    m_tree->header()->setSortIndicator(-1, Qt::AscendingOrder);  // dataset order until a click
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    // The default columns fit without sideways scrolling: the name takes what the numbers leave
    // (elided at the end: a tile graph keeps its model name, "retinanet.2x2.fp32_-342c…", and
    // loses its hash); the header's context menu shows the other columns.
    QHeaderView* header = m_tree->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(DatasetTreeModel::NameColumn, QHeaderView::Stretch);
    header->setMinimumSectionSize(40);
    m_tree->setTextElideMode(Qt::ElideRight);
    m_tree->setIndentation(12);  // graphs sit 3 levels deep: 20 px a level left "u…d" of unet3d
    for (int c = 1; c < DatasetTreeModel::ColumnCount; ++c) m_tree->setColumnWidth(c, 60);
    m_tree->setColumnWidth(DatasetTreeModel::SpeedupColumn, 92);
    for (const int c : {DatasetTreeModel::EdgesColumn, DatasetTreeModel::ConfigurableColumn,
                        DatasetTreeModel::DistinctColumn, DatasetTreeModel::RuntimeMinColumn,
                        DatasetTreeModel::RuntimeMaxColumn})
        m_tree->setColumnHidden(c, true);
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QHeaderView::customContextMenuRequested, this,
            [this](const QPoint& pos) { columnMenu()->exec(m_tree->header()->mapToGlobal(pos)); });
}

void DatasetBrowser::setUpSummaryTable() {
    m_summaryTable->setObjectName("collectionSummary");
    m_summaryTable->setModel(m_summary);
    m_summaryTable->verticalHeader()->hide();
    m_summaryTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_summaryTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    installTableExport(m_summaryTable);
    // The unreadable count shows only when some file is unreadable: the table fits beside the
    // tree without sideways scrolling.
    const auto showUnreadable = [this] {
        bool any = false;
        for (const CollectionSummary& s : m_summary->summaries()) any = any || s.unreadable > 0;
        m_summaryTable->setColumnHidden(CollectionSummaryModel::UnreadableColumn, !any);
    };
    m_summaryTable->setColumnHidden(CollectionSummaryModel::GraphsColumn, true);  // = the splits
    connect(m_summary, &QAbstractItemModel::modelReset, this, showUnreadable);
    connect(m_summary, &QAbstractItemModel::dataChanged, this, showUnreadable);
    showUnreadable();
}

void DatasetBrowser::layOut() {
    m_splitter->addWidget(m_tree);
    m_splitter->addWidget(m_summaryTable);
    m_splitter->setStretchFactor(0, 4);
    m_splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_splitter, 1);
    layout->addWidget(m_cacheLine);
}

void DatasetBrowser::connectSignals() {
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_proxy->setFilterFixedString(text);
        if (!text.isEmpty()) m_tree->expandAll();
    });
    // Another dataset starts unfiltered: an old filter would hide its graphs.
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_cacheLine->hide();
        m_filter->clear();
        m_tree->expandToDepth(0);
    });
    // Group rows (collection, split) have only a name: it spans the row, so it is not elided.
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &DatasetBrowser::spanGroupRows);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &DatasetBrowser::spanGroupRows);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &DatasetBrowser::spanGroupRows);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                const int graph = current.data(DatasetTreeModel::GraphIndexRole).toInt();
                if (graph >= 0 && current.isValid()) Q_EMIT graphSelected(graph);
                const QString collection =
                    current.data(DatasetTreeModel::CollectionRole).toString();
                if (!collection.isEmpty()) Q_EMIT collectionSelected(collection);
            });
}

bool DatasetBrowser::selectGraph(int graph) {
    const QModelIndex index = m_proxy->mapFromSource(m_model->indexOfGraph(graph));
    if (!index.isValid()) return false;
    m_tree->expand(index.parent().parent());
    m_tree->expand(index.parent());
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index);
    return true;
}

void DatasetBrowser::spanGroupRows() {
    for (int c = 0; c < m_proxy->rowCount(); ++c) {
        const QModelIndex collection = m_proxy->index(c, 0);
        m_tree->setFirstColumnSpanned(c, {}, true);
        for (int s = 0; s < m_proxy->rowCount(collection); ++s)
            m_tree->setFirstColumnSpanned(s, collection, true);
    }
}

void DatasetBrowser::setPreparedCache(const PreparedCacheStatus& status) {
    const QLocale locale;
    if (status.cached == 0) {
        m_cacheLine->setText(QStringLiteral("Prepared-graph cache: none yet"));
    } else {
        m_cacheLine->setText(
            QStringLiteral("Prepared-graph cache: %1 of %2 files (%3)")
                .arg(status.cached)
                .arg(status.files)
                .arg(locale.formattedDataSize(status.entryBytes, 1, QLocale::DataSizeSIFormat)));
    }
    QStringList folders;
    for (const std::string& folder : status.folders) folders << QString::fromStdString(folder);
    m_cacheLine->setToolTip(
        QStringLiteral("Training or predicting on a dataset prepares each graph once (pruned, "
                       "configs packed) and keeps it, so that later runs start in seconds.") +
        (folders.isEmpty()
             ? QString()
             : QStringLiteral("\nKept in %1 (the .npz files: %2).")
                   .arg(folders.join(QStringLiteral(", ")),
                        locale.formattedDataSize(status.fileBytes, 1, QLocale::DataSizeSIFormat))));
    m_cacheLine->show();
}

QMenu* DatasetBrowser::columnMenu() {
    auto* menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    for (int c = 1; c < DatasetTreeModel::ColumnCount; ++c) {
        QAction* action = menu->addAction(m_model->headerData(c, Qt::Horizontal).toString());
        action->setToolTip(m_model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString());
        action->setCheckable(true);
        action->setChecked(!m_tree->isColumnHidden(c));
        connect(action, &QAction::toggled, this,
                [this, c](bool shown) { m_tree->setColumnHidden(c, !shown); });
    }
    return menu;
}

int DatasetBrowser::selectedGraph() const {
    const QModelIndex current = m_tree->currentIndex();
    return current.isValid() ? current.data(DatasetTreeModel::GraphIndexRole).toInt() : -1;
}

int DatasetBrowser::findGraph(const QString& name) const {
    const auto& graphs = m_model->datasetIndex().graphs;
    for (size_t i = 0; i < graphs.size(); ++i) {
        const QString stem = QString::fromStdString(graphs[i].name);
        const QString full = QStringLiteral("%1/%2/%3")
                                 .arg(QString::fromStdString(collectionLabel(graphs[i])),
                                      QString::fromLatin1(splitName(graphs[i].split)), stem);
        if (name == stem || name == full) return static_cast<int>(i);
    }
    return -1;
}

}  // namespace tpugraphs::ui
