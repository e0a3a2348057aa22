// Table model of training runs (the current one and past run directories); the checkbox of the
// first column chooses the runs whose curves are overlaid on the selected run's.
#pragma once

#include <QAbstractTableModel>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

#include "train/run_directory.h"

namespace tpugraphs::ui {

class RunListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        CollectionColumn,
        ModelColumn,
        StatusColumn,
        StepColumn,
        BestColumn,
        ColumnCount
    };
    static constexpr int RunDirRole = Qt::UserRole + 1;

    explicit RunListModel(QObject* parent = nullptr);

    // Adds the run, or refreshes its row when its directory is listed already. New rows are
    // unchecked (not overlaid). Returns the row.
    int addOrUpdate(const RunInfo& info);
    void remove(int row);
    // Marks the run being trained (shown in bold); empty = none.
    void setLiveRun(const QString& runDir);
    QString liveRun() const { return m_live; }

    int rowOf(const QString& runDir) const;  // -1 when absent
    const RunInfo& run(int row) const { return m_rows[static_cast<size_t>(row)].info; }
    QString runDir(int row) const;
    bool isChecked(int row) const { return m_rows[static_cast<size_t>(row)].checked; }
    void setChecked(int row, bool checked);
    QStringList runDirs() const;
    // Runs with a checkpoint, of `collection` when given (for the export and predictions pages).
    QStringList runsWithCheckpoint(std::optional<Collection> collection = std::nullopt) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void checkedChanged();

private:
    struct Row {
        RunInfo info;
        bool checked = false;
    };
    std::vector<Row> m_rows;
    QString m_live;
};

// A short display name of a run: its directory's last component.
QString runDisplayName(const QString& runDir);

}  // namespace tpugraphs::ui
