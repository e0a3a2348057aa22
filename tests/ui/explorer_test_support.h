// Shared helpers of the explorer UI tests: the real sample dataset and its graphs.
#pragma once

#include <QFileInfo>
#include <QString>

#include <string>

#include "data/dataset.h"

namespace tpugraphs::ui::test {

inline QString sharedDatasetRoot() {
    return QStringLiteral(TPUGRAPHS_SHARED_DATA "/tpugraphs");
}
inline bool haveSharedDataset() {
    return QFileInfo::exists(sharedDatasetRoot() + "/npz");
}

// The entry of a graph of the sample dataset by collection and stem.
inline GraphEntry sharedEntry(const DatasetIndex& index, Collection collection,
                              const std::string& name) {
    for (const GraphEntry& entry : index.graphs)
        if (entry.collection == collection && entry.name == name) return entry;
    return {};
}

inline int graphIndex(const DatasetIndex& index, Collection collection, const std::string& name) {
    for (size_t i = 0; i < index.graphs.size(); ++i)
        if (index.graphs[i].collection == collection && index.graphs[i].name == name)
            return static_cast<int>(i);
    return -1;
}

}  // namespace tpugraphs::ui::test
