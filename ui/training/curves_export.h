// The curves of runs as one long-format CSV table (run, metric, step, wall_time, value: one row
// per point, the data as recorded, never smoothed), the form TensorBoard users load into pandas.
// The charts' per-chart "Save as CSV", their "Export all curves" and the runs table's "Export
// curves" write it.
#pragma once

#include <QList>
#include <QString>

#include "base/csv_table.h"
#include "training/run_curves.h"

namespace tpugraphs::ui {

struct CurveSource {
    QString run;  // the name the table gives the run
    const RunCurves* curves = nullptr;
};

// Rows run by run, metric by metric (in `metrics`' order), step by step. Values in the
// shortest text that reads back to the same number; wall_time in ISO 8601 UTC (empty when the
// run's start is unknown).
CsvTable curvesTable(const QList<CurveSource>& runs,
                     const QList<CurveMetric>& metrics = recordedCurveMetrics());
// Writes curvesTable() to `path` atomically; returns the error to show, empty when written.
QString writeCurvesCsv(const QString& path, const QList<CurveSource>& runs,
                       const QList<CurveMetric>& metrics = recordedCurveMetrics());

}  // namespace tpugraphs::ui
