// The curves of runs as one long-format CSV table.
#include "training/curves_export.h"

#include <QDateTime>
#include <QLocale>

#include <cmath>
#include <exception>

namespace tpugraphs::ui {

namespace {

std::string number(double value) {
    return QString::number(value, 'g', QLocale::FloatingPointShortest).toStdString();
}

std::string wallTime(qint64 startMsecs, double seconds) {
    if (startMsecs <= 0) return {};
    const qint64 at = startMsecs + qint64(std::llround(seconds * 1000));
    return QDateTime::fromMSecsSinceEpoch(at, Qt::UTC).toString(Qt::ISODateWithMs).toStdString();
}

}  // namespace

CsvTable curvesTable(const QList<CurveSource>& runs, const QList<CurveMetric>& metrics) {
    CsvTable table;
    table.header = {"run", "metric", "step", "wall_time", "value"};
    for (const CurveSource& run : runs) {
        if (!run.curves) continue;
        for (const CurveMetric metric : metrics) {
            const QList<QPointF>& points = run.curves->points(metric);
            const QList<double>& seconds = run.curves->seconds(metric);
            for (qsizetype i = 0; i < points.size(); ++i)
                table.rows.push_back({run.run.toStdString(), curveMetricKey(metric).toStdString(),
                                      std::to_string(qint64(points[i].x())),
                                      wallTime(run.curves->startMsecs(), seconds.value(i)),
                                      number(points[i].y())});
        }
    }
    return table;
}

QString writeCurvesCsv(const QString& path, const QList<CurveSource>& runs,
                       const QList<CurveMetric>& metrics) {
    try {
        writeCsvTable(path.toStdString(), curvesTable(runs, metrics));
        return {};
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
}

}  // namespace tpugraphs::ui
