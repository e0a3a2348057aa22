// Qt meta-type declarations of the trainer's plain records, for queued signals across threads,
// and how a run ended as the runners report it. Include it in every header whose signals or
// slots carry them (before moc sees them).
#pragma once

#include <QMetaType>
#include <QString>

#include "train/run_directory.h"
#include "train/train_options.h"
#include "train/train_progress.h"

namespace tpugraphs::ui {

// The end of a run: its status (Completed, Cancelled, EarlyStopped or Failed), the steps it
// reached and, when it failed, the error.
struct RunOutcome {
    RunStatus status = RunStatus::Completed;
    qint64 steps = 0;
    QString failure;
};

}  // namespace tpugraphs::ui

Q_DECLARE_METATYPE(tpugraphs::TrainProgress)
Q_DECLARE_METATYPE(tpugraphs::TrainOptions)
Q_DECLARE_METATYPE(tpugraphs::ui::RunOutcome)
