// The texts a box can show, longest first, and the longest that fits: at medium zoom a box reads
// "multiply" or "mul" instead of an elided fragment of "multiply  #10263".
#pragma once

#include <QString>
#include <QStringList>

class QFontMetrics;

namespace tpugraphs::ui {

class GraphScene;

// A short form of an HLO opcode name: a conventional abbreviation ("gte", "bcast", "mul"), else
// the initials of a hyphenated name ("reduce-window" -> "rw"), else the name itself up to four
// letters ("dot", "tanh") and its first three beyond.
QString opcodeAbbreviation(const QString& name);

// A node: "opcode  #id", "opcode", the abbreviation. A computation box: "computation 2 of 4 · 814
// nodes", "computation 2 of 4", "2 of 4".
QStringList labelForms(const GraphScene& scene, int v);

// The first of `forms` at most `width` pixels wide in `metrics`, or an empty string.
QString fittingLabel(const QStringList& forms, const QFontMetrics& metrics, double width);

// `text` elided at its end to `width` pixels ("f32[8,128,…"), or an empty string when not even
// its first character fits beside the ellipsis.
QString elidedLine(const QString& text, const QFontMetrics& metrics, double width);

}  // namespace tpugraphs::ui
