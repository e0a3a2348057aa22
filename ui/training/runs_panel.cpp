// The run list of the training page.
#include "training/runs_panel.h"

#include <QDesktopServices>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

#include "item_models/run_list_model.h"
#include "train/train_options.h"

namespace tpugraphs::ui {

RunsPanel::RunsPanel(RunListModel* model, QWidget* parent)
    : QWidget(parent),
      m_model(model),
      m_sorted(new QSortFilterProxyModel(this)),
      m_filter(new QLineEdit),
      m_table(new QTableView),
      m_open(new QPushButton("Open Run...")),
      m_saveAs(new QPushButton("Save As...")),
      m_resume(new QPushButton("Resume")),
      m_remove(new QPushButton("Remove")),
      m_details(new QPlainTextEdit) {
    m_sorted->setSourceModel(model);
    m_sorted->setSortRole(RunListModel::SortRole);
    m_sorted->setFilterKeyColumn(-1);  // every column: names, tags, options, status
    m_filter->setObjectName("runFilter");
    m_filter->setClearButtonEnabled(true);
    m_filter->setPlaceholderText("Filter runs: text or regular expression (name, tag, option...)");
    setUpTable();
    setUpButtonsAndDetails();
    layOut();
    connectSignals();
    updateDetails();
}

void RunsPanel::setUpTable() {
    m_table->setObjectName("runsTable");
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);  // listed order until a header is clicked
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Status, steps and scores are read whole ("interrupted, resume from step 39"); names are
    // elided in the middle (they share a prefix; their ends differ).
    for (int column :
         {RunListModel::CollectionColumn, RunListModel::DatasetColumn, RunListModel::StatusColumn,
          RunListModel::StepColumn, RunListModel::BestColumn, RunListModel::LastColumn,
          RunListModel::WhenColumn})
        m_table->horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    // The best score, the dataset and the status next to the name: what tells runs apart, in
    // view without scrolling the narrow panel sideways.
    QHeaderView* header = m_table->horizontalHeader();
    int visual = 1;
    for (int column :
         {RunListModel::BestColumn, RunListModel::DatasetColumn, RunListModel::StatusColumn})
        header->moveSection(header->visualIndex(column), visual++);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setWordWrap(false);
    m_table->setColumnWidth(RunListModel::NameColumn, 260);
    m_table->setMinimumHeight(110);
    m_table->setEditTriggers(QAbstractItemView::EditKeyPressed);  // F2; or right-click > Rename
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->setColumnWidth(RunListModel::TagsColumn, 90);
    m_table->setColumnWidth(RunListModel::ChangedColumn, 160);
}

void RunsPanel::setUpButtonsAndDetails() {
    m_open->setObjectName("openRunButton");
    m_saveAs->setObjectName("saveRunAsButton");
    m_resume->setObjectName("resumeRunButton");
    m_resume->setToolTip(
        "Continue the selected run from its last checkpoint (last.pt): to its planned length, "
        "or, when it has finished, for as many steps again");
    m_remove->setToolTip("Remove from the list (the directory stays on disk)");
    m_details->setObjectName("runDetails");
    m_details->setReadOnly(true);
    m_details->setPlaceholderText("Select a run to see its options");
    m_details->setMinimumWidth(kDetailsWidth / 2);
    m_details->setMaximumWidth(kDetailsWidth);
}

void RunsPanel::layOut() {
    // Wide and low: the filter and the buttons on one line, the options beside the table, so
    // that the height goes to the table's rows.
    auto* top = new QHBoxLayout;
    top->addWidget(m_filter, 1);
    for (QPushButton* b : {m_open, m_saveAs, m_resume, m_remove}) top->addWidget(b);
    auto* lists = new QHBoxLayout;
    lists->addWidget(m_table, 1);
    lists->addWidget(m_details);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addLayout(lists, 1);
}

void RunsPanel::connectSignals() {
    connect(m_filter, &QLineEdit::textChanged, this, &RunsPanel::applyFilter);
    connect(m_table, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        const QModelIndex index = m_table->indexAt(at);
        if (!index.isValid()) return;
        if (QMenu* menu = contextMenu(m_sorted->mapToSource(index).row()))
            menu->popup(m_table->viewport()->mapToGlobal(at));
    });
    connect(m_model, &RunListModel::labelNotWritten, this, [this](const QString& problem) {
        QMessageBox::warning(this, "Run label not written", problem);
    });
    connect(m_open, &QPushButton::clicked, this, &RunsPanel::openRequested);
    connect(m_saveAs, &QPushButton::clicked, this,
            [this] { Q_EMIT saveAsRequested(selectedRun()); });
    connect(m_resume, &QPushButton::clicked, this,
            [this] { Q_EMIT resumeRequested(selectedRun()); });
    connect(m_remove, &QPushButton::clicked, this,
            [this] { Q_EMIT removeRequested(selectedRun()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        updateDetails();
        Q_EMIT selectedRunChanged();
    });
    connect(m_model, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex& from, const QModelIndex& to) {
                const int row = m_model->rowOf(selectedRun());
                if (row >= from.row() && row <= to.row()) updateDetails();
            });
}

QString RunsPanel::selectedRun() const {
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    return rows.isEmpty() ? QString() : m_model->runDir(m_sorted->mapToSource(rows.first()).row());
}

void RunsPanel::selectRun(const QString& runDir) {
    const int row = m_model->rowOf(runDir);
    if (row >= 0) m_table->selectRow(m_sorted->mapFromSource(m_model->index(row, 0)).row());
}

void RunsPanel::updateDetails() {
    const QString dir = selectedRun();
    const int row = m_model->rowOf(dir);
    for (QPushButton* b : {m_saveAs, m_resume, m_remove}) b->setEnabled(row >= 0);
    if (row < 0) {
        m_details->clear();
        return;
    }
    const RunInfo& info = m_model->run(row);
    const bool live = m_model->liveRun() == dir;
    m_resume->setEnabled(!live && info.hasCheckpoint);
    m_remove->setEnabled(!live);
    const QString details = dir + "\n" + QString::fromStdString(trainOptionsToJson(info.options));
    if (m_details->toPlainText() != details) m_details->setPlainText(details);
}

// Text that is a regular expression filters as one (case-insensitive); other text as itself.
void RunsPanel::applyFilter(const QString& text) {
    QRegularExpression pattern(text, QRegularExpression::CaseInsensitiveOption);
    const bool literal = !pattern.isValid();
    if (literal)
        pattern = QRegularExpression(QRegularExpression::escape(text),
                                     QRegularExpression::CaseInsensitiveOption);
    m_filter->setToolTip(literal ? "Not a regular expression (" + pattern.errorString() +
                                       "): matched as plain text"
                                 : "Shows the runs with a column that matches");
    m_sorted->setFilterRegularExpression(pattern);
    Q_EMIT filterChanged();
}

bool RunsPanel::isListed(int row) const {
    return m_sorted->mapFromSource(m_model->index(row, 0)).isValid();
}

QMenu* RunsPanel::contextMenu(int row) {
    if (row < 0 || row >= m_model->rowCount()) return nullptr;
    const QString dir = m_model->runDir(row);
    delete m_menu;
    m_menu = new QMenu(this);
    m_menu->setObjectName("runMenu");
    m_menu->addAction("Open Folder", this,
                      [dir] { QDesktopServices::openUrl(QUrl::fromLocalFile(dir)); });
    const bool readable = m_model->run(row).unreadable.empty();
    m_menu->addAction("Rename...", this, [this, dir] { editName(dir); })->setEnabled(readable);
    m_menu->addAction("Tag...", this, [this, dir] { editTags(dir); })->setEnabled(readable);
    m_menu->addAction("Export Curves...", this, [this, dir] { Q_EMIT exportCurvesRequested(dir); });
    m_menu->addSeparator();
    m_menu->addAction("Remove from List", this, [this, dir] { Q_EMIT removeRequested(dir); })
        ->setEnabled(m_model->liveRun() != dir);
    return m_menu;
}

void RunsPanel::edit(const QString& runDir, int column) {
    const int row = m_model->rowOf(runDir);
    if (row < 0) return;
    const QModelIndex index = m_sorted->mapFromSource(m_model->index(row, column));
    if (!index.isValid()) return;  // filtered out
    m_table->setCurrentIndex(index);
    m_table->edit(index);
}

void RunsPanel::editName(const QString& runDir) {
    edit(runDir, RunListModel::NameColumn);
}

void RunsPanel::editTags(const QString& runDir) {
    edit(runDir, RunListModel::TagsColumn);
}

QSize RunsPanel::sizeHint() const {
    // The horizontal scroll bar counted in: the columns are often wider than the table.
    const int table = m_table->horizontalHeader()->sizeHint().height() +
                      kShownRows * m_table->verticalHeader()->defaultSectionSize() +
                      m_table->horizontalScrollBar()->sizeHint().height() +
                      2 * m_table->frameWidth();
    const int top = std::max(m_filter->sizeHint().height(), m_remove->sizeHint().height());
    return {QWidget::sizeHint().width(), top + layout()->spacing() + table};
}

}  // namespace tpugraphs::ui
