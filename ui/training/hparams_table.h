// The hyper-parameter table of a set of runs (TensorBoard's HParams): one row per run, one
// column per training option whose value differs between the runs (the options they share say
// nothing about what made one better), and one per final metric some run reports (its last
// validation; the last training loss). No widgets: the HParams view shows it.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

#include "train/train_options.h"
#include "training/run_curves.h"

namespace tpugraphs::ui {

struct HParamsRun {
    QString name;
    QString runDir;
    TrainOptions options;
    const RunCurves* curves = nullptr;
};

struct HParamsColumn {
    QString key;    // an option's options.json key, or a metric's history key
    QString label;  // what the header says
    bool metric = false;
    bool numeric = true;  // every value reads as a number (sorted and drawn as numbers)
};

struct HParamsTable {
    QList<HParamsColumn> columns;  // the differing options, then the final metrics
    QList<QString> runDirs;        // per row
    QList<QString> names;          // per row
    QList<QStringList> cells;      // per row, per column ("" when a run has no value)
    int optionColumns() const;
    int columnOf(const QString& key) const;
};

HParamsTable hparamsTable(const QList<HParamsRun>& runs);

// The run directories of a `tpugraphs sweep` output folder (OUT/runs/<trial>) or of any folder
// whose sub-folders are runs; `folder` itself when it is a run.
QStringList runDirectoriesIn(const QString& folder);

}  // namespace tpugraphs::ui
