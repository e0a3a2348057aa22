// Table model of training runs (the current one and past run directories): each tied to its
// dataset and its score. Columns: display name (label.json's, or "<collection> · <changes> ·
// seed K"; its checkbox overlays the run's curves on the charts, its swatch is the run's
// colour), tags, collection, dataset, status, steps, best score (the best validation, or the
// score given after training, e.g. by the submission pipeline, with its split), last
// validation, when it last wrote, and the options that differ from the collection's defaults.
// Rename and Tag write the run's label.json. SortRole gives the values columns sort by.
#pragma once

#include <QAbstractTableModel>
#include <QColor>
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
        TagsColumn,
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
    // The run's display name and its colour (the same on every chart, from its folder).
    QString displayName(int row) const;
    QColor color(int row) const;
    // Writes the run's label (label.json) and shows it; an empty name goes back to the default
    // name. Returns the problem ("" when written).
    QString rename(int row, const QString& name);
    QString setTags(int row, const QStringList& tags);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void checkedChanged();
    // A rename or tag edit could not write label.json: why.
    void labelNotWritten(const QString& problem);

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
    QString writeLabel(int row, const RunLabel& label);
    QVariant display(const Row& row, int column) const;
    QVariant sortValue(const Row& row, int column) const;
    QVariant toolTip(const Row& row, int column) const;

    std::vector<Row> m_rows;
    QString m_live;
};

// A short name of a run folder: its directory's last component.
QString runDisplayName(const QString& runDir);
// The name a person reads a run by: its label's, or "<collection> · <changes> · seed K"; the
// folder's name for a run that cannot be read.
QString runDisplayName(const RunInfo& info);
// "tau 0.8123 @250", or for a run scored after training only "tau 0.8123 @40 (valid, after
// training)"; "-" when neither.
QString runBestScoreText(const RunInfo& info);
// Whether the run has a score: a validation, or one given after training.
bool runHasScore(const RunInfo& info);
// "completed", "interrupted, resume from step 39", "unreadable".
QString runStatusText(const RunInfo& info);
// "tau 0.8123 @250", "top-5 0.9712 @600"; "-" when never validated.
QString runScoreText(const EvalMetrics& metrics, int64_t step);
// "39 / 300" (steps reached / planned), never "0/0": the planned length comes from the options
// until the run reports it; "0 steps (of 3 epochs)" for a run measured in epochs before it reports.
QString runStepsText(const RunInfo& info);

}  // namespace tpugraphs::ui
