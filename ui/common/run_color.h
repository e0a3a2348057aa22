// A run's colour, the same on every chart, in the runs table and from one session to the next:
// derived from the run's identity (its folder), not from its place in a list.
#pragma once

#include <QColor>
#include <QString>

namespace tpugraphs::ui {

QColor runIdentityColor(const QString& runDir);

}  // namespace tpugraphs::ui
