// The check before a run starts.
#include "training/prestart_check.h"

#include <QDir>

#include <algorithm>

namespace tpugraphs::ui {

namespace {
constexpr int kFixSteps = 200;
const char* const kFixHoldout = "0.2";
}  // namespace

int splitGraphCount(const TrainOptions& options, const char* split) {
    const QString dir = QString::fromStdString(options.datasetRoot + "/" +
                                               collectionDirectory(options.collection)) +
                        "/" + split;
    return int(QDir(dir).entryList({"*.npz"}, QDir::Files).size());
}

QList<StartProblem> startProblems(const TrainOptions& o, int trainGraphs, int validGraphs) {
    QList<StartProblem> problems;
    int64_t steps = o.steps;
    if (steps <= 0 && trainGraphs > 0) {
        const int64_t batches =
            (trainGraphs + std::max(1, o.batchGraphs) - 1) / std::max(1, o.batchGraphs);
        steps = std::max(1, o.epochs) * batches;
    }
    if (steps > 0 && steps < kMinUsefulSteps)
        problems.append({QString("This run will take only %1 optimiser steps (%2 train graphs): "
                                 "too few for the curves to say anything.")
                             .arg(steps)
                             .arg(trainGraphs),
                         QString("Train for %1 steps").arg(kFixSteps), "steps",
                         std::to_string(kFixSteps)});
    if (validGraphs == 0 && o.holdoutConfigs <= 0)
        problems.append({"This run will never validate: the dataset has no valid graph of " +
                             QString::fromUtf8(collectionName(o.collection)) +
                             " and no configs are held out, so it gets no score.",
                         "Validate on 20 % held-out configs", "holdout_configs", kFixHoldout});
    return problems;
}

}  // namespace tpugraphs::ui
