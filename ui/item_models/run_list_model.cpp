// Table model of training runs.
#include "item_models/run_list_model.h"

#include <QDir>
#include <QFileInfo>
#include <QFont>

#include <cmath>

namespace tpugraphs::ui {

QString runDisplayName(const QString& runDir) {
    return QFileInfo(QDir::cleanPath(runDir)).fileName();
}

namespace {

QString bestText(const RunInfo& info) {
    const double value = info.best.primary();
    if (info.bestStep < 0 || !std::isfinite(value)) return "-";
    const bool layout = std::isfinite(info.best.kendall);
    return QString("%1 %2 @%3")
        .arg(layout ? "tau" : "top-5")
        .arg(value, 0, 'f', 4)
        .arg(info.bestStep);
}

QString statusText(const RunInfo& info) {
    if (!info.unreadable.empty()) return "unreadable";
    if (!info.interrupted) return QString::fromUtf8(runStatusName(info.status));
    return info.hasCheckpoint ? QString("interrupted, resume from step %1").arg(info.step)
                              : QString("interrupted, no checkpoint");
}

}  // namespace

RunListModel::RunListModel(QObject* parent) : QAbstractTableModel(parent) {}

int RunListModel::rowOf(const QString& runDir) const {
    const QString clean = QDir::cleanPath(runDir);
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (QDir::cleanPath(QString::fromStdString(m_rows[i].info.runDir)) == clean)
            return static_cast<int>(i);
    return -1;
}

int RunListModel::addOrUpdate(const RunInfo& info) {
    const int existing = rowOf(QString::fromStdString(info.runDir));
    if (existing >= 0) {
        m_rows[static_cast<size_t>(existing)].info = info;
        Q_EMIT dataChanged(index(existing, 0), index(existing, ColumnCount - 1));
        return existing;
    }
    const int row = rowCount();
    beginInsertRows({}, row, row);
    m_rows.push_back(Row{info, false});
    endInsertRows();
    Q_EMIT checkedChanged();
    return row;
}

void RunListModel::remove(int row) {
    if (row < 0 || row >= rowCount()) return;
    beginRemoveRows({}, row, row);
    m_rows.erase(m_rows.begin() + row);
    endRemoveRows();
    Q_EMIT checkedChanged();
}

void RunListModel::setLiveRun(const QString& runDir) {
    const int before = rowOf(m_live);
    m_live = runDir;
    for (int row : {before, rowOf(m_live)})
        if (row >= 0) Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

QString RunListModel::runDir(int row) const {
    return QString::fromStdString(m_rows[static_cast<size_t>(row)].info.runDir);
}

void RunListModel::setChecked(int row, bool checked) {
    if (row < 0 || row >= rowCount() || m_rows[static_cast<size_t>(row)].checked == checked) return;
    m_rows[static_cast<size_t>(row)].checked = checked;
    Q_EMIT dataChanged(index(row, NameColumn), index(row, NameColumn), {Qt::CheckStateRole});
    Q_EMIT checkedChanged();
}

QStringList RunListModel::runDirs() const {
    QStringList out;
    for (int row = 0; row < rowCount(); ++row) out.append(runDir(row));
    return out;
}

QStringList RunListModel::runsWithCheckpoint(std::optional<Collection> collection) const {
    QStringList out;
    for (const Row& r : m_rows)
        if (r.info.hasCheckpoint && (!collection || r.info.options.collection == *collection))
            out.append(QString::fromStdString(r.info.runDir));
    return out;
}

int RunListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RunListModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Row& r = m_rows[static_cast<size_t>(index.row())];
    const QString dir = QString::fromStdString(r.info.runDir);
    if (role == RunDirRole) return dir;
    if (role == Qt::CheckStateRole && index.column() == NameColumn)
        return r.checked ? Qt::Checked : Qt::Unchecked;
    if (role == Qt::ToolTipRole && index.column() == StatusColumn && !r.info.unreadable.empty())
        return QString::fromStdString(r.info.unreadable);
    if (role == Qt::ToolTipRole && index.column() == StatusColumn && r.info.interrupted)
        return "No process trains this run any more (it was killed): Resume continues it from "
               "its last checkpoint";
    if (role == Qt::ToolTipRole) return dir;
    if (role == Qt::FontRole && !m_live.isEmpty() && rowOf(m_live) == index.row()) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case NameColumn:
            return runDisplayName(dir);
        case CollectionColumn:
            return QString::fromUtf8(collectionName(r.info.options.collection));
        case ModelColumn:
            return QString::fromUtf8(modelTypeName(r.info.options.model));
        case StatusColumn:
            return statusText(r.info);
        case StepColumn:
            return QString("%1/%2").arg(r.info.step).arg(r.info.totalSteps);
        case BestColumn:
            return bestText(r.info);
        default:
            return {};
    }
}

bool RunListModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || index.column() != NameColumn || role != Qt::CheckStateRole)
        return false;
    setChecked(index.row(), value.toInt() == Qt::Checked);
    return true;
}

Qt::ItemFlags RunListModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == NameColumn) f |= Qt::ItemIsUserCheckable;
    return f;
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole && section == NameColumn)
        return "Tick a run to overlay its curves on the selected run's";
    if (role != Qt::DisplayRole) return {};
    static const char* names[ColumnCount] = {"Run",    "Collection", "Model",
                                             "Status", "Step",       "Best"};
    return section >= 0 && section < ColumnCount ? QString(names[section]) : QVariant();
}

}  // namespace tpugraphs::ui
