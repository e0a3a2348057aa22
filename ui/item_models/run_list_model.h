// Table model of training runs (the current one and past run directories): each tied to its
// dataset and its best validation score. Columns: name (its checkbox overlays the run's curves
// on the charts), collection, dataset, status, steps, best and last validation score, when it
// last wrote, and the options that differ from the collection's defaults. SortRole gives the
// numbers columns sort by.
#pragma once

#include <QAbstractTableModel>
#include <QDateTime>
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
        DatasetColumn,
        StatusColumn,
        StepColumn,
        BestColumn,
        LastColumn,
        WhenColumn,
        ChangedColumn,
        ColumnCount
    };
    static constexpr int RunDirRole = Qt::UserRole + 1;
    static constexpr int SortRole = Qt::UserRole + 2;

    explicit RunListModel(QObject* parent = nullptr);

    // Adds the run, or refreshes its row when its directory is listed already. New rows are
    // unchecked (not overlaid). Returns the row.
    int addOrUpdate(const RunInfo& info);
    void remove(int row);
    // Marks the run being trained (shown in bold); empty = none.
    void setLiveRun(const QString& runDir);
    QString liveRun() const { return m_live; }
    // The live run reported progress: its steps, and for a validation its last and best score.
    void recordProgress(int row, const TrainProgress& progress);

    int rowOf(const QString& runDir) const;  // -1 when absent
    const RunInfo& run(int row) const { return m_rows[static_cast<size_t>(row)].info; }
    QString runDir(int row) const;
    bool isChecked(int row) const { return m_rows[static_cast<size_t>(row)].checked; }
    void setChecked(int row, bool checked);
    QStringList runDirs() const;
    // Runs with a checkpoint, of `collection` when given (for the export and predictions pages).
    QStringList runsWithCheckpoint(std::optional<Collection> collection = std::nullopt) const;
    // The completed (or early-stopped) run of `collection` trained on `datasetRoot` with the
    // highest best validation score; empty when there is none.
    QString bestCompletedRun(Collection collection, const QString& datasetRoot) const;
    // The last validation of a row (bestStep-like: -1 when never validated).
    const EvalMetrics& lastValidation(int row) const { return m_rows[size_t(row)].last; }
    int64_t lastValidationStep(int row) const { return m_rows[size_t(row)].lastStep; }

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
        EvalMetrics last;  // the last validation
        int64_t lastStep = -1;
        QDateTime when;   // last written (state.json), or now for the live run
        QString changed;  // "key=value, ..." of the options that differ from the defaults
    };
    void describe(Row& row) const;
    QVariant display(const Row& row, int column) const;
    QVariant sortValue(const Row& row, int column) const;
    QVariant toolTip(const Row& row, int column) const;

    std::vector<Row> m_rows;
    QString m_live;
};

// A short display name of a run: its directory's last component.
QString runDisplayName(const QString& runDir);
// "completed", "interrupted, resume from step 39", "unreadable".
QString runStatusText(const RunInfo& info);
// "tau 0.8123 @250", "top-5 0.9712 @600"; "-" when never validated.
QString runScoreText(const EvalMetrics& metrics, int64_t step);
// "39 / 300" (steps reached / planned), never "0/0": the planned length comes from the options
// until the run reports it; "0 steps (of 3 epochs)" for a run measured in epochs before it reports.
QString runStepsText(const RunInfo& info);

}  // namespace tpugraphs::ui
