// Which graph a freshly opened dataset shows first, so the first screen shows a graph.
#pragma once

#include "data/dataset.h"

namespace tpugraphs {

// Index into index.graphs of the graph to show first, -1 when none is readable: a layout graph
// with measured runtimes (valid split first, then train), the largest of up to
// kStartGraphMaxNodes nodes (a graph that still reads when fitted), else the smallest larger one.
inline constexpr int64_t kStartGraphMaxNodes = 10000;
int startGraph(const DatasetIndex& index);

}  // namespace tpugraphs
