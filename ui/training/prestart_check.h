// The check before a run starts: what would make it pointless, each with its fix. A run that
// will take fewer than kMinUsefulSteps optimiser steps (the curves say nothing; a schedule
// barely warms up) gets "train for 200 steps"; a run that can never validate (its collection
// has no valid split and no configs are held out) gets "validate on 20 % held-out configs". The
// page asks before starting, the fixes one click away.
#pragma once

#include <QList>
#include <QString>

#include <string>

#include "train/train_options.h"

namespace tpugraphs::ui {

constexpr int kMinUsefulSteps = 50;

struct StartProblem {
    QString text;       // what is wrong, in a sentence
    QString fix;        // the fix, as its button says it
    std::string key;    // the option the fix sets...
    std::string value;  // ...to this
};

// `trainGraphs` and `validGraphs`: the .npz files of the run's collection in the dataset's
// train and valid splits.
QList<StartProblem> startProblems(const TrainOptions& options, int trainGraphs, int validGraphs);
// The .npz files of `options`' collection in one split of its dataset.
int splitGraphCount(const TrainOptions& options, const char* split);

}  // namespace tpugraphs::ui
