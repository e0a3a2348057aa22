// The pipeline's hand-over: a new export file name.
#include "export_dialogs/pipeline_hand_over.h"

#include <QDir>
#include <QFileInfo>

#include "train/submission_pipeline.h"

namespace tpugraphs::ui {

PipelineHandOver pipelineHandOver(const QString& datasetRoot, const QString& outDir,
                                  const QString& templatePath, const PipelineOutcome& outcome) {
    PipelineHandOver h;
    h.datasetRoot = QDir::cleanPath(datasetRoot);
    h.outDir = outDir;
    h.templatePath = templatePath;
    h.outputPath = newExportPath(outDir);
    h.partial = !outcome.complete;
    for (const CollectionOutcome& c : outcome.collections)
        for (const TrialResult& r : c.runs)
            if (r.status == RunStatus::Completed || r.status == RunStatus::EarlyStopped)
                h.runs[c.collection] << QString::fromStdString(r.runDir);
    return h;
}

QString newExportPath(const QString& outDir) {
    const QDir dir(outDir);
    QString path = dir.filePath(QStringLiteral("submission-export.csv"));
    for (int k = 2; QFileInfo::exists(path); ++k)
        path = dir.filePath(QStringLiteral("submission-export-%1.csv").arg(k));
    return path;
}

}  // namespace tpugraphs::ui
