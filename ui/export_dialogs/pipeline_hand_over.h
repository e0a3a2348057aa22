// What the submission pipeline hands over to File > Export Kaggle Submission when it has written
// its submission: the pipeline's own dataset, its runs per collection, its template, a new
// output file beside its own (never its submission.csv) and whether a partial file is allowed
// (the dataset is not Kaggle's full test set and no template completes it, as the CLI writes).
#pragma once

#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include "data/collection.h"

namespace tpugraphs {
struct PipelineOutcome;
}

namespace tpugraphs::ui {

struct PipelineHandOver {
    QString datasetRoot;
    QString outDir;
    QString templatePath;
    QString outputPath;
    QMap<Collection, QStringList> runs;
    bool partial = false;
};

// The hand-over of a pipeline that ran on `datasetRoot` into `outDir` with `templatePath`:
// its completed runs, a new output file (newExportPath), partial unless the pipeline's file was
// Kaggle's complete one.
PipelineHandOver pipelineHandOver(const QString& datasetRoot, const QString& outDir,
                                  const QString& templatePath, const PipelineOutcome& outcome);
// A file in `outDir` that does not exist yet: submission-export.csv, else -2, -3, ...
QString newExportPath(const QString& outDir);

}  // namespace tpugraphs::ui

Q_DECLARE_METATYPE(tpugraphs::ui::PipelineHandOver)
