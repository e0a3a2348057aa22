// Qt meta-type declarations of the trainer's plain records, for queued signals across threads.
// Include it in every header whose signals or slots carry them (before moc sees them).
#pragma once

#include <QMetaType>

#include "train/train_options.h"
#include "train/train_progress.h"

Q_DECLARE_METATYPE(tpugraphs::TrainProgress)
Q_DECLARE_METATYPE(tpugraphs::TrainOptions)
