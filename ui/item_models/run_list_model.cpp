// Table model of training runs.
#include "item_models/run_list_model.h"

#include <QDir>
#include <QFileInfo>
#include <QFont>
#include <QLocale>

#include <cmath>

#include "common/dataset_name.h"
#include "common/run_color.h"
#include "train/option_table.h"

namespace tpugraphs::ui {

QString runDisplayName(const QString& runDir) {
    return QFileInfo(QDir::cleanPath(runDir)).fileName();
}

QString runDisplayName(const RunInfo& info) {
    if (!info.unreadable.empty()) return runDisplayName(QString::fromStdString(info.runDir));
    if (!info.label.name.empty()) return QString::fromStdString(info.label.name);
    return QString::fromStdString(defaultRunName(info.options, info.runDir));
}

bool runHasScore(const RunInfo& info) {
    return info.bestStep >= 0 || info.scoreAfterTraining.present();
}

QString runBestScoreText(const RunInfo& info) {
    if (info.bestStep >= 0 || !info.scoreAfterTraining.present())
        return runScoreText(info.best, info.bestStep);
    const RunScore& s = info.scoreAfterTraining;
    return runScoreText(s.metrics, s.step) +
           QString(" (%1, after training)").arg(QString::fromStdString(s.split));
}

QString runScoreText(const EvalMetrics& metrics, int64_t step) {
    const double value = metrics.primary();
    if (step < 0 || !std::isfinite(value)) return "-";
    const bool layout = std::isfinite(metrics.kendall);
    return QString("%1 %2 @%3").arg(layout ? "tau" : "top-5").arg(value, 0, 'f', 4).arg(step);
}

QString runStepsText(const RunInfo& info) {
    const int64_t total = info.totalSteps > 0 ? info.totalSteps : info.options.steps;
    if (total <= 0 && info.options.epochs > 0)
        return QString("%1 steps (of %2 epochs)").arg(info.step).arg(info.options.epochs);
    if (total <= 0) return info.step > 0 ? QString::number(info.step) : QString("-");
    return QString("%1 / %2").arg(info.step).arg(total);
}

QString runStatusText(const RunInfo& info) {
    if (!info.unreadable.empty()) return "unreadable";
    if (!info.interrupted) return QString::fromUtf8(runStatusName(info.status));
    return info.hasCheckpoint ? QString("interrupted, resume from step %1").arg(info.step)
                              : QString("interrupted, no checkpoint");
}

namespace {

QString whenText(const QDateTime& when) {
    if (!when.isValid()) return "-";
    const QDate today = QDate::currentDate();
    if (when.date() == today) return "today " + when.toString("HH:mm");
    if (when.date() == today.addDays(-1)) return "yesterday " + when.toString("HH:mm");
    return when.toString("yyyy-MM-dd HH:mm");
}

// The last validation of a history, or step -1.
std::pair<EvalMetrics, int64_t> lastValidationOf(const std::vector<TrainProgress>& history) {
    for (auto it = history.rbegin(); it != history.rend(); ++it)
        if (it->phase == TrainPhase::Validation && it->isValidation)
            return {it->validation, it->step};
    return {EvalMetrics{}, -1};
}

}  // namespace

RunListModel::RunListModel(QObject* parent) : QAbstractTableModel(parent) {}

void RunListModel::describe(Row& row) const {
    const QString dir = QString::fromStdString(row.info.runDir);
    const auto [last, lastStep] = lastValidationOf(row.info.history);
    if (lastStep >= 0 || row.lastStep < 0) {
        row.last = last;
        row.lastStep = lastStep;
    }
    const QFileInfo state(dir + "/state.json");
    row.when = state.exists() ? state.lastModified() : QFileInfo(dir).lastModified();
    if (dir == m_live || !row.when.isValid()) row.when = QDateTime::currentDateTime();
    QStringList changed;
    if (row.info.unreadable.empty())
        for (const std::string& key : changedOptionKeys(row.info.options))
            changed << QString::fromStdString(key + "=" +
                                              findTrainOption(key)->get(row.info.options));
    row.changed = changed.join(", ");
}

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
        Row& row = m_rows[static_cast<size_t>(existing)];
        row.info = info;
        describe(row);
        Q_EMIT dataChanged(index(existing, 0), index(existing, ColumnCount - 1));
        return existing;
    }
    const int row = rowCount();
    Row added;
    added.info = info;
    describe(added);
    beginInsertRows({}, row, row);
    m_rows.push_back(std::move(added));
    endInsertRows();
    Q_EMIT checkedChanged();
    return row;
}

void RunListModel::recordProgress(int row, const TrainProgress& p) {
    if (row < 0 || row >= rowCount()) return;
    Row& r = m_rows[static_cast<size_t>(row)];
    if (p.phase != TrainPhase::Training && p.phase != TrainPhase::Validation) return;
    r.info.step = p.step;
    r.info.totalSteps = p.totalSteps;
    if (p.phase == TrainPhase::Validation && p.isValidation) {
        r.last = p.validation;
        r.lastStep = p.step;
        if (p.bestSoFar) {
            r.info.best = p.validation;
            r.info.bestStep = p.step;
        }
        r.info.hasCheckpoint = true;
    }
    r.when = QDateTime::currentDateTime();
    Q_EMIT dataChanged(index(row, StatusColumn), index(row, WhenColumn));
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

QString RunListModel::displayName(int row) const {
    return runDisplayName(run(row));
}

QColor RunListModel::color(int row) const {
    // The runs shown together (ticked, and the live run) take their colours in row order, each
    // apart from those above it; a run not shown keeps its identity colour.
    const auto shown = [this](int r) {
        return m_rows[static_cast<size_t>(r)].checked || runDir(r) == m_live;
    };
    if (!shown(row)) return runIdentityColor(runDir(row));
    QList<QColor> taken;
    for (int r = 0; r < row; ++r)
        if (shown(r)) taken << colorApartFrom(runIdentityColor(runDir(r)), taken);
    return colorApartFrom(runIdentityColor(runDir(row)), taken);
}

QString RunListModel::writeLabel(int row, const RunLabel& label) {
    if (row < 0 || row >= rowCount()) return "no such run";
    Row& r = m_rows[static_cast<size_t>(row)];
    try {
        writeRunLabel(r.info.runDir, label);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    r.info.label = label;
    Q_EMIT dataChanged(index(row, NameColumn), index(row, TagsColumn));
    return {};
}

QString RunListModel::rename(int row, const QString& name) {
    if (row < 0 || row >= rowCount()) return "no such run";
    RunLabel label = run(row).label;
    label.name = name.trimmed().toStdString();
    return writeLabel(row, label);
}

QString RunListModel::setTags(int row, const QStringList& tags) {
    if (row < 0 || row >= rowCount()) return "no such run";
    RunLabel label = run(row).label;
    label.tags.clear();
    for (const QString& tag : tags)
        if (!tag.trimmed().isEmpty()) label.tags.push_back(tag.trimmed().toStdString());
    return writeLabel(row, label);
}

QString RunListModel::runDir(int row) const {
    return QString::fromStdString(m_rows[static_cast<size_t>(row)].info.runDir);
}

void RunListModel::setChecked(int row, bool checked) {
    if (row < 0 || row >= rowCount() || m_rows[static_cast<size_t>(row)].checked == checked) return;
    m_rows[static_cast<size_t>(row)].checked = checked;
    Q_EMIT dataChanged(index(row, NameColumn), index(row, NameColumn), {Qt::CheckStateRole});
    // The colours of the shown runs below it may move.
    Q_EMIT dataChanged(index(row, NameColumn), index(rowCount() - 1, NameColumn),
                       {Qt::DecorationRole});
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

QString RunListModel::bestCompletedRun(Collection collection, const QString& datasetRoot) const {
    QString best;
    double bestScore = -INFINITY;
    for (const Row& r : m_rows) {
        const RunInfo& i = r.info;
        const bool completed =
            (i.status == RunStatus::Completed || i.status == RunStatus::EarlyStopped) &&
            !i.interrupted && i.unreadable.empty();
        if (!completed || !i.hasCheckpoint || i.options.collection != collection ||
            !isSameDataset(QString::fromStdString(i.options.datasetRoot), datasetRoot))
            continue;
        const double score = i.bestStep >= 0 ? i.best.primary()
                             : i.scoreAfterTraining.present()
                                 ? i.scoreAfterTraining.metrics.primary()
                                 : -INFINITY;
        if (best.isEmpty() || (std::isfinite(score) && score > bestScore)) {
            best = QString::fromStdString(i.runDir);
            bestScore = score;
        }
    }
    return best;
}

int RunListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RunListModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunListModel::display(const Row& r, int column) const {
    const QString dir = QString::fromStdString(r.info.runDir);
    switch (column) {
        case NameColumn:
            return runDisplayName(r.info);
        case TagsColumn: {
            QStringList tags;
            for (const std::string& tag : r.info.label.tags) tags << QString::fromStdString(tag);
            return tags.join(", ");
        }
        case CollectionColumn:
            return QString::fromUtf8(collectionName(r.info.options.collection));
        case DatasetColumn:
            return datasetDisplayName(QString::fromStdString(r.info.options.datasetRoot));
        case StatusColumn:
            return runStatusText(r.info);
        case StepColumn:
            return runStepsText(r.info);
        case BestColumn:
            return runBestScoreText(r.info);
        case LastColumn:
            return runScoreText(r.last, r.lastStep);
        case WhenColumn:
            return whenText(r.when);
        case ChangedColumn: {
            if (r.changed.isEmpty()) return QString("defaults");
            const QStringList changes = r.changed.split(", ");
            return changes.size() == 1
                       ? changes.first()
                       : QString("%1 +%2").arg(changes.first()).arg(changes.size() - 1);
        }
        default:
            return {};
    }
}

QVariant RunListModel::sortValue(const Row& r, int column) const {
    const auto score = [](const EvalMetrics& m, int64_t step) {
        return step >= 0 && std::isfinite(m.primary()) ? m.primary() : -INFINITY;
    };
    switch (column) {
        case StepColumn:
            return qlonglong(r.info.step);
        case BestColumn:
            return r.info.bestStep >= 0
                       ? score(r.info.best, r.info.bestStep)
                       : score(r.info.scoreAfterTraining.metrics, r.info.scoreAfterTraining.step);
        case LastColumn:
            return score(r.last, r.lastStep);
        case WhenColumn:
            return r.when;
        default:
            return display(r, column);
    }
}

QVariant RunListModel::toolTip(const Row& r, int column) const {
    const QString dir = QString::fromStdString(r.info.runDir);
    switch (column) {
        case StatusColumn:
            if (!r.info.unreadable.empty()) return QString::fromStdString(r.info.unreadable);
            if (r.info.interrupted)
                return "No process trains this run any more (it was killed): Resume continues "
                       "it from its last checkpoint";
            if (r.info.status == RunStatus::Failed && !r.info.failure.empty())
                return QString::fromStdString(r.info.failure);
            return {};
        case DatasetColumn:
            return QString::fromStdString(r.info.options.datasetRoot);
        case BestColumn:
            if (r.info.bestStep < 0 && r.info.scoreAfterTraining.present())
                return QString("Scored after training by %1, on the %2 split at step %3")
                    .arg(QString::fromStdString(r.info.scoreAfterTraining.scoredBy),
                         QString::fromStdString(r.info.scoreAfterTraining.split))
                    .arg(r.info.scoreAfterTraining.step);
            return {};
        case WhenColumn:
            return r.when.toString(Qt::ISODate);
        case ChangedColumn:
            return r.changed.isEmpty() ? QString("Every option at the collection's default")
                                       : "Options that differ from the defaults:\n" +
                                             r.changed.split(", ").join("\n");
        default:
            return dir;
    }
}

QVariant RunListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Row& r = m_rows[static_cast<size_t>(index.row())];
    switch (role) {
        case RunDirRole:
            return QString::fromStdString(r.info.runDir);
        case Qt::CheckStateRole:
            return index.column() == NameColumn ? QVariant(r.checked ? Qt::Checked : Qt::Unchecked)
                                                : QVariant();
        case Qt::ToolTipRole: {
            const QVariant tip = toolTip(r, index.column());
            return tip.isValid() ? tip : QVariant(QString::fromStdString(r.info.runDir));
        }
        case Qt::DecorationRole:
            return index.column() == NameColumn
                       ? QVariant(runIdentityColor(QString::fromStdString(r.info.runDir)))
                       : QVariant();
        case Qt::FontRole: {
            if (m_live.isEmpty() || rowOf(m_live) != index.row()) return {};
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        case SortRole:
            return sortValue(r, index.column());
        case Qt::EditRole:
            return index.column() == NameColumn ? QVariant(runDisplayName(r.info))
                                                : display(r, index.column());
        case Qt::DisplayRole:
            return display(r, index.column());
        default:
            return {};
    }
}

bool RunListModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid()) return false;
    if (index.column() == NameColumn && role == Qt::CheckStateRole) {
        setChecked(index.row(), value.toInt() == Qt::Checked);
        return true;
    }
    if (role != Qt::EditRole || !(flags(index) & Qt::ItemIsEditable)) return false;
    const QString problem =
        index.column() == NameColumn
            ? rename(index.row(), value.toString())
            : setTags(index.row(), value.toString().split(',', Qt::SkipEmptyParts));
    if (!problem.isEmpty()) Q_EMIT labelNotWritten(problem);
    return problem.isEmpty();
}

Qt::ItemFlags RunListModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (!index.isValid()) return f;
    if (index.column() == NameColumn) f |= Qt::ItemIsUserCheckable;
    const bool readable = run(index.row()).unreadable.empty();
    if (readable && (index.column() == NameColumn || index.column() == TagsColumn))
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
    static const char* const names[ColumnCount] = {"Run",    "Tags",   "Collection", "Dataset",
                                                   "Status", "Steps",  "Best",       "Last",
                                                   "When",   "Changed"};
    static const char* const tips[ColumnCount] = {
        "Tick a run to overlay its curves on the charts (with the run training now); the swatch "
        "is its colour on every chart. Right-click to rename it",
        "Free tags (right-click > Tag); the filter above matches them too",
        "The collection it trains on",
        "The dataset it trained on (the tool tip gives its folder)",
        "Running, completed, cancelled, early-stopped, failed, or interrupted (killed)",
        "Steps reached of the planned steps",
        "Best validation score and its step: Kendall tau (layout) or top-5 score (tile); a run "
        "that did not validate shows the score it was given after training, with its split",
        "Last validation score and its step",
        "When the run last wrote its state",
        "Options that differ from the collection's defaults"};
    if (role == Qt::DisplayRole) return QString(names[section]);
    if (role == Qt::ToolTipRole) return QString(tips[section]);
    return {};
}

}  // namespace tpugraphs::ui
