// The hyper-parameter table of a set of runs.
#include "training/hparams_table.h"

#include <QDir>

#include <cmath>
#include <set>

#include "base/number_text.h"
#include "train/option_table.h"
#include "train/run_directory.h"

namespace tpugraphs::ui {

namespace {

struct FinalMetric {
    CurveMetric metric;
    QString label;
};

// The last value of each validation metric of the table, then the final loss.
QList<FinalMetric> finalMetrics() {
    QList<FinalMetric> metrics;
    for (const MetricSpec& spec : kMetricTable) metrics.append({CurveMetric::of(spec), spec.label});
    metrics.append({CurveMetric::Loss, "final loss"});
    return metrics;
}

bool readsAsNumber(const QString& text) {
    bool ok = false;
    text.toDouble(&ok);
    return ok || text.isEmpty();
}

}  // namespace

int HParamsTable::optionColumns() const {
    int n = 0;
    for (const HParamsColumn& c : columns) n += c.metric ? 0 : 1;
    return n;
}

int HParamsTable::columnOf(const QString& key) const {
    for (int i = 0; i < columns.size(); ++i)
        if (columns[i].key == key) return i;
    return -1;
}

HParamsTable hparamsTable(const QList<HParamsRun>& runs) {
    HParamsTable table;
    for (const HParamsRun& run : runs) {
        table.runDirs.append(run.runDir);
        table.names.append(run.name);
        table.cells.append(QStringList());
    }
    for (const OptionSpec& spec : trainOptionTable()) {
        if (spec.key == "run_dir") continue;  // every run's own
        std::set<std::string> values;
        for (const HParamsRun& run : runs) values.insert(spec.get(run.options));
        if (values.size() < 2) continue;
        HParamsColumn column{QString::fromStdString(spec.key), QString::fromStdString(spec.label),
                             false, true};
        for (int row = 0; row < runs.size(); ++row) {
            const QString value = QString::fromStdString(spec.get(runs[row].options));
            column.numeric = column.numeric && readsAsNumber(value);
            table.cells[row].append(value);
        }
        table.columns.append(column);
    }
    for (const FinalMetric& final : finalMetrics()) {
        QStringList values;
        bool any = false;
        for (const HParamsRun& run : runs) {
            const QList<QPointF>& points =
                run.curves ? run.curves->points(final.metric) : QList<QPointF>();
            any = any || !points.isEmpty();
            values.append(points.isEmpty()
                              ? QString()
                              : QString::fromStdString(shortestText(points.last().y())));
        }
        if (!any) continue;
        table.columns.append({curveMetricKey(final.metric), final.label, true, true});
        for (int row = 0; row < runs.size(); ++row) table.cells[row].append(values[row]);
    }
    return table;
}

QStringList runDirectoriesIn(const QString& folder) {
    const QString root = QDir::cleanPath(folder);
    if (isRunDirectory(root.toStdString())) return {root};
    QStringList dirs;
    for (const QString& parent : {root + "/runs", root}) {
        for (const QString& name :
             QDir(parent).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            const QString dir = parent + "/" + name;
            if (isRunDirectory(dir.toStdString())) dirs.append(dir);
        }
        if (!dirs.isEmpty()) break;
    }
    return dirs;
}

}  // namespace tpugraphs::ui
