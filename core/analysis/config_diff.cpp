// Layout differences between two configurations of a layout graph.
#include "analysis/config_diff.h"

#include <algorithm>
#include <stdexcept>

#include "analysis/config_sensitivity.h"

namespace tpugraphs {

namespace {

const char* const kLayoutGroupNames[kLayoutConfigGroups] = {"output", "input", "kernel"};

// "(1 0 2)": one group's 6 values from `six`, its trailing -1s (unused) left out.
std::string compactGroupText(const float* six) {
    int used = 6;
    while (used > 0 && static_cast<int>(six[used - 1]) == -1) --used;
    if (used == 0) return "(\u2013)";
    std::string text = "(";
    for (int i = 0; i < used; ++i)
        text += (i ? " " : "") + std::to_string(static_cast<int>(six[i]));
    return text + ")";
}

void checkConfig(const LayoutGraph& graph, int64_t config) {
    if (config < 0 || config >= graph.configs.configCount())
        throw std::out_of_range("graph " + graph.name + ": config " + std::to_string(config) +
                                " is not one of its " +
                                std::to_string(graph.configs.configCount()) + " configs");
}

}  // namespace

std::vector<NodeLayoutDifference> layoutDifferences(const LayoutGraph& graph, int64_t a, int64_t b,
                                                    const std::vector<double>& perConfigValue) {
    checkConfig(graph, a);
    checkConfig(graph, b);
    const PackedLayoutConfigs& configs = graph.configs;
    std::vector<NodeSensitivity> sensitivity;
    if (!perConfigValue.empty()) sensitivity = layoutSensitivity(graph, perConfigValue);
    std::vector<NodeLayoutDifference> out;
    for (int64_t k = 0; k < configs.nodeCount(); ++k) {
        if (configs.code(a, k) == configs.code(b, k)) continue;
        NodeLayoutDifference d;
        d.node = graph.nodeConfigIds[static_cast<size_t>(k)];
        d.configurableIndex = k;
        d.a = configs.layout(a, k);
        d.b = configs.layout(b, k);
        if (!sensitivity.empty()) d.sensitivity = sensitivity[static_cast<size_t>(k)].logSpread;
        out.push_back(d);
    }
    if (!sensitivity.empty())
        std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
            return x.sensitivity > y.sensitivity;
        });
    return out;
}

std::string layoutTupleText(const NodeLayout& layout) {
    float values[6 * kLayoutConfigGroups];
    layout.unpack(values);
    std::string text;
    for (int g = 0; g < kLayoutConfigGroups; ++g) {
        text += (g ? " " : "") + std::string(kLayoutGroupNames[g]) + " (";
        for (int i = 0; i < 6; ++i)
            text += (i ? " " : "") + std::to_string(static_cast<int>(values[6 * g + i]));
        text += ")";
    }
    return text;
}

std::string layoutChangeText(const NodeLayout& a, const NodeLayout& b,
                             const std::string& separator) {
    float va[6 * kLayoutConfigGroups], vb[6 * kLayoutConfigGroups];
    a.unpack(va);
    b.unpack(vb);
    std::string text;
    for (int g = 0; g < kLayoutConfigGroups; ++g) {
        if (a.groups[g] == b.groups[g]) continue;
        text += (text.empty() ? "" : separator) + std::string(kLayoutGroupNames[g]) + " " +
                compactGroupText(va + 6 * g) + " \u2192 " + compactGroupText(vb + 6 * g);
    }
    return text;
}

}  // namespace tpugraphs
