// Colours of the graph view: one per opcode family, computation boxes, highlights, value ramp.
#pragma once

#include <QColor>

namespace tpugraphs::ui {

QColor familyColor(int family);         // OpcodeFamily value; -1 = computation box
QColor valueColor(float t);             // t in 0..1 on a blue-to-yellow ramp
QColor labelColor(const QColor& fill);  // white on dark fills, near-black on light ones

namespace palette {
inline const QColor background{250, 250, 248};
inline const QColor edge{140, 140, 150};
inline const QColor inputEdge{37, 99, 235};   // edges into the selected node
inline const QColor outputEdge{234, 88, 12};  // edges out of the selected node
inline const QColor selection{220, 38, 38};
inline const QColor match{250, 204, 21};
inline const QColor marked{219, 39, 119};  // rings of marked nodes (layouts that differ)
inline const QColor configurable{20, 20, 20};
inline const QColor text{25, 25, 30};
inline const QColor noValue{222, 222, 226};  // nodes without a value when colouring by value
}  // namespace palette

}  // namespace tpugraphs::ui
