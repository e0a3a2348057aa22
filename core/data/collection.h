// The five TpuGraphs collections: their names ("tile:xla", "layout:nlp:random"), folders and
// kinds. Code compares Collection values, never their names.
#pragma once

#include <string>

#include "data/tpugraphs_format.h"

namespace tpugraphs {

enum class Collection {
    TileXla,
    LayoutXlaDefault,
    LayoutXlaRandom,
    LayoutNlpDefault,
    LayoutNlpRandom,
};
constexpr int kCollectionCount = 5;
// The official order: dataset scans, reports and submissions list collections in it.
constexpr Collection kCollections[kCollectionCount] = {
    Collection::TileXla, Collection::LayoutXlaDefault, Collection::LayoutXlaRandom,
    Collection::LayoutNlpDefault, Collection::LayoutNlpRandom};

// The competition's name: "tile:xla", "layout:xla:default", ... (command lines, options.json,
// submission IDs).
const char* collectionName(Collection collection);
// The collection called `name`; false when there is none.
bool parseCollection(const std::string& name, Collection* collection);
// Position in kCollections (0..4).
inline int collectionIndex(Collection collection) {
    return static_cast<int>(collection);
}

// Folder under a dataset root, e.g. "npz/layout/nlp/random".
std::string collectionDirectory(Collection collection);
GraphKind collectionKind(Collection collection);
// layout:nlp:* (transformer programs) rather than layout:xla:*.
bool isNlpCollection(Collection collection);
// layout:*:random: configs drawn at random rather than searched near the compiler's default.
bool isRandomSearchCollection(Collection collection);

}  // namespace tpugraphs
