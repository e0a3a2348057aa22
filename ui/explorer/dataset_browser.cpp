// The dataset browser: tree with filter and sortable columns, and the collection summary.
#include "explorer/dataset_browser.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

#include "item_models/collection_summary_model.h"
#include "item_models/dataset_tree_model.h"

namespace tpugraphs::ui {

DatasetBrowser::DatasetBrowser(QWidget* parent)
    : QWidget(parent),
      m_model(new DatasetTreeModel(this)),
      m_summary(new CollectionSummaryModel(this)),
      m_proxy(new QSortFilterProxyModel(this)),
      m_filter(new QLineEdit(this)),
      m_tree(new QTreeView(this)),
      m_summaryTable(new QTableView(this)),
      m_splitter(new QSplitter(Qt::Vertical, this)) {
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(DatasetTreeModel::SortRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_proxy->setAutoAcceptChildRows(true);
    m_filter->setPlaceholderText(QStringLiteral("Filter graphs by name or collection…"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setObjectName("datasetFilter");
    m_tree->setObjectName("datasetTree");
    m_tree->setModel(m_proxy);
    m_tree->setSortingEnabled(true);
    m_tree->header()->setSortIndicator(-1, Qt::AscendingOrder);  // dataset order until a click
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_tree->setColumnWidth(DatasetTreeModel::NameColumn, 230);
    for (int c = 1; c < DatasetTreeModel::ColumnCount; ++c) m_tree->setColumnWidth(c, 66);
    m_summaryTable->setObjectName("collectionSummary");
    m_summaryTable->setModel(m_summary);
    m_summaryTable->verticalHeader()->hide();
    m_summaryTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_summaryTable->setSelectionBehavior(QAbstractItemView::SelectRows);

    m_splitter->addWidget(m_tree);
    m_splitter->addWidget(m_summaryTable);
    m_splitter->setStretchFactor(0, 4);
    m_splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_splitter, 1);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_proxy->setFilterFixedString(text);
        if (!text.isEmpty()) m_tree->expandAll();
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { m_tree->expandToDepth(0); });
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
