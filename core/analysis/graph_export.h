// A loaded graph written as Graphviz DOT or as GraphML, for other graph tools: one node per graph
// node with its opcode, named node features (those that are not 0), configurable flag and, for a
// layout graph, its layout in a chosen config; one edge per edge, producer -> consumer.
#pragma once

#include <cstdint>
#include <string>

namespace tpugraphs {

struct LoadedGraph;

struct GraphExportOptions {
    int64_t layoutConfig = -1;  // layout graphs: whose layout each configurable node carries
    bool features = true;       // the named node features (not 0) as attributes
};

std::string graphDotText(const LoadedGraph& graph, const GraphExportOptions& options = {});
std::string graphMlText(const LoadedGraph& graph, const GraphExportOptions& options = {});
// Through the atomic writer; throw FileWriteError naming the file.
void writeGraphDot(const std::string& path, const LoadedGraph& graph,
                   const GraphExportOptions& options = {});
void writeGraphMl(const std::string& path, const LoadedGraph& graph,
                  const GraphExportOptions& options = {});

}  // namespace tpugraphs
