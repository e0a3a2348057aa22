// DOT and GraphML writers over one shared list of per-node attributes.
#include "analysis/graph_export.h"

#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include "analysis/config_diff.h"
#include "analysis/loaded_graph.h"
#include "base/atomic_file.h"
#include "data/feature_names.h"
#include "data/opcodes.h"
#include "data/tpugraphs_format.h"

namespace tpugraphs {

namespace {

using Attributes = std::vector<std::pair<std::string, std::string>>;

std::string numberText(float value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", double(value));
    return text;
}

// The attributes of one node, in a fixed order: opcode, configurable, layout, features.
Attributes nodeAttributes(const LoadedGraph& graph, int64_t node,
                          const GraphExportOptions& options) {
    Attributes out;
    out.emplace_back("opcode", opcodeName(graph.nodeOpcode()[size_t(node)]));
    const int64_t k = graph.configurableIndex(node);
    out.emplace_back("configurable", k >= 0 ? "true" : "false");
    if (k >= 0 && graph.layout && options.layoutConfig >= 0 &&
        options.layoutConfig < graph.layout->configs.configCount())
        out.emplace_back("layout",
                         layoutTupleText(graph.layout->configs.layout(options.layoutConfig, k)));
    if (options.features) {
        const float* f = graph.nodeFeat().data() + node * kNodeFeatureCount;
        for (int i = 0; i < kNodeFeatureCount; ++i)
            if (f[i] != 0.0f) out.emplace_back(std::string(nodeFeatureName(i)), numberText(f[i]));
    }
    return out;
}

const GraphTopology& topologyOf(const LoadedGraph& graph) {
    if (!graph.topology)
        throw std::invalid_argument("graph export: " + graph.entry.path +
                                    " was loaded without its topology");
    return *graph.topology;
}

std::string dotQuoted(const std::string& text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string xmlEscaped(const std::string& text) {
    std::string out;
    for (const char c : text) switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    return out;
}

void writeDot(std::ostream& out, const LoadedGraph& graph, const GraphExportOptions& options) {
    out << "digraph " << dotQuoted(graph.entry.name) << " {\n";
    const GraphTopology& t = topologyOf(graph);
    for (int32_t v = 0; v < t.nodeCount; ++v) {
        out << "  n" << v << " [label=" << dotQuoted(opcodeName(t.opcode[size_t(v)]));
        for (const auto& [key, value] : nodeAttributes(graph, v, options))
            out << ", " << dotQuoted(key) << "=" << dotQuoted(value);
        out << "];\n";
    }
    for (int32_t e = 0; e < t.edgeCount(); ++e)
        out << "  n" << t.edgeFrom[size_t(e)] << " -> n" << t.edgeTo[size_t(e)] << ";\n";
    out << "}\n";
}

void writeGraphMlTo(std::ostream& out, const LoadedGraph& graph,
                    const GraphExportOptions& options) {
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
           "  <key id=\"opcode\" for=\"node\" attr.name=\"opcode\" attr.type=\"string\"/>\n"
           "  <key id=\"configurable\" for=\"node\" attr.name=\"configurable\" "
           "attr.type=\"boolean\"/>\n"
           "  <key id=\"layout\" for=\"node\" attr.name=\"layout\" attr.type=\"string\"/>\n";
    if (options.features)
        for (int i = 0; i < kNodeFeatureCount; ++i) {
            const std::string name = xmlEscaped(std::string(nodeFeatureName(i)));
            out << "  <key id=\"" << name << "\" for=\"node\" attr.name=\"" << name
                << "\" attr.type=\"double\"><default>0</default></key>\n";
        }
    out << "  <graph id=" << '"' << xmlEscaped(graph.entry.name) << '"'
        << " edgedefault=\"directed\">\n";
    const GraphTopology& t = topologyOf(graph);
    for (int32_t v = 0; v < t.nodeCount; ++v) {
        out << "    <node id=\"n" << v << "\">";
        for (const auto& [key, value] : nodeAttributes(graph, v, options))
            out << "<data key=\"" << xmlEscaped(key) << "\">" << xmlEscaped(value) << "</data>";
        out << "</node>\n";
    }
    for (int32_t e = 0; e < t.edgeCount(); ++e)
        out << "    <edge source=\"n" << t.edgeFrom[size_t(e)] << "\" target=\"n"
            << t.edgeTo[size_t(e)] << "\"/>\n";
    out << "  </graph>\n</graphml>\n";
}

std::string textOf(void (*write)(std::ostream&, const LoadedGraph&, const GraphExportOptions&),
                   const LoadedGraph& graph, const GraphExportOptions& options) {
    std::ostringstream out;
    write(out, graph, options);
    return out.str();
}

}  // namespace

std::string graphDotText(const LoadedGraph& graph, const GraphExportOptions& options) {
    return textOf(writeDot, graph, options);
}

std::string graphMlText(const LoadedGraph& graph, const GraphExportOptions& options) {
    return textOf(writeGraphMlTo, graph, options);
}

void writeGraphDot(const std::string& path, const LoadedGraph& graph,
                   const GraphExportOptions& options) {
    writeFileAtomically(path, [&](std::ostream& out) { writeDot(out, graph, options); });
}

void writeGraphMl(const std::string& path, const LoadedGraph& graph,
                  const GraphExportOptions& options) {
    writeFileAtomically(path, [&](std::ostream& out) { writeGraphMlTo(out, graph, options); });
}

}  // namespace tpugraphs
