// Copying a run directory (Save Run As): into a temporary sibling first, then renamed.
#pragma once

#include <QString>

namespace tpugraphs::ui {

// Copies every file of `from` (a run directory) to the new directory `to`, which must not exist
// or be empty. Returns an empty string on success, else what went wrong.
QString copyRunDirectory(const QString& from, const QString& to);

}  // namespace tpugraphs::ui
