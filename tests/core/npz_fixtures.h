// Test helper: small valid tile and layout graphs as .npz members, to change one array at a
// time and zip (zip_builder.h) into files that must be refused.
#pragma once

#include <QByteArray>

#include <string>
#include <utility>
#include <vector>

#include "zip_builder.h"

namespace tpugraphs::test {

using Members = std::vector<std::pair<std::string, Bytes>>;

// A valid tile graph: 4 nodes, 3 edges, 3 configs.
inline Members tileMembers() {
    std::vector<float> feat(4 * 140, 1.0f), config(3 * 24, 2.0f);
    return {{"node_feat", npy(feat, {4, 140})},
            {"node_opcode", npy(std::vector<uint8_t>{1, 2, 3, 4}, {4})},
            {"edge_index", npy(std::vector<int64_t>{1, 0, 2, 1, 3, 2}, {3, 2})},
            {"config_feat", npy(config, {3, 24})},
            {"config_runtime", npy(std::vector<int64_t>{10, 20, 30}, {3})},
            {"config_runtime_normalizers", npy(std::vector<int64_t>{5, 5, 5}, {3})}};
}

// A valid layout graph: 6 nodes, 5 edges, 2 configs, 2 configurable nodes.
inline Members layoutMembers(std::vector<float> configs = std::vector<float>(2 * 2 * 18, 3.0f)) {
    return {{"node_feat", npy(std::vector<float>(6 * 140, 0.5f), {6, 140})},
            {"node_opcode", npy(std::vector<uint8_t>{1, 2, 3, 4, 5, 6}, {6})},
            {"edge_index", npy(std::vector<int64_t>{1, 0, 2, 1, 3, 2, 4, 3, 5, 4}, {5, 2})},
            {"node_config_feat", npy(configs, {2, 2, 18})},
            {"node_config_ids", npy(std::vector<int64_t>{2, 4}, {2})},
            {"config_runtime", npy(std::vector<int64_t>{100, 200}, {2})},
            {"node_splits", npy(std::vector<int64_t>{0, 6}, {1, 2})}};
}

inline Members with(Members m, const std::string& name, const Bytes& image) {
    for (auto& [n, bytes] : m)
        if (n == name) {
            bytes = image;
            return m;
        }
    m.emplace_back(name, image);
    return m;
}

inline Members without(Members m, const std::string& name) {
    for (size_t i = 0; i < m.size(); ++i)
        if (m[i].first == name) m.erase(m.begin() + long(i));
    return m;
}

inline std::vector<ZipEntry> entries(const Members& m) {
    std::vector<ZipEntry> out;
    for (const auto& [name, image] : m) out.push_back(zipEntry(name + ".npy", image));
    return out;
}

// The zip archive of `m`, as bytes.
inline QByteArray archive(const Members& m) {
    const Bytes zip = buildZip(entries(m));
    return QByteArray(reinterpret_cast<const char*>(zip.data()), qsizetype(zip.size()));
}

}  // namespace tpugraphs::test
