// Graph view benchmark: layout time and offscreen frame times of full-view, mid and zoomed-in
// frames.
#pragma once

#include <QStringList>

class QTextStream;

namespace tpugraphs::ui {

// Each source is a layout/tile .npz path or "synthetic:N" (an N-node HLO-like graph).
// Prints one table row per source and view; returns 0, or 1 when a source cannot be read.
int runGraphBenchmark(const QStringList& sources, QTextStream& out);

// `tpugraphs-studio --bench-graph SOURCE [SOURCE...]`: runs the benchmark when the arguments
// ask for it and returns its exit code; returns -1 otherwise.
int runGraphBenchmarkIfAsked(const QStringList& arguments);

}  // namespace tpugraphs::ui
