// A run's colour, the same on every chart, in the runs table and from one session to the next:
// derived from the run's identity (its folder), not from its place in a list; runs shown
// together are kept apart (two identity colours can be close).
#pragma once

#include <QColor>
#include <QList>
#include <QString>

namespace tpugraphs::ui {

QColor runIdentityColor(const QString& runDir);

// Whether two run colours can be told apart on a chart: hues 30 degrees apart, or lightness
// bands apart.
bool colorsApart(const QColor& a, const QColor& b);
// `own`, or where it is not apart from every one of `taken`, its hue turned on by the golden
// angle until it is (at most a dozen turns; the last when none is).
QColor colorApartFrom(QColor own, const QList<QColor>& taken);

}  // namespace tpugraphs::ui
