// Names and properties of the five collections.
#include "data/collection.h"

#include "base/enum_names.h"

namespace tpugraphs {

namespace {

const EnumName<Collection> kCollectionNames[] = {
    {Collection::TileXla, "tile:xla"},
    {Collection::LayoutXlaDefault, "layout:xla:default"},
    {Collection::LayoutXlaRandom, "layout:xla:random"},
    {Collection::LayoutNlpDefault, "layout:nlp:default"},
    {Collection::LayoutNlpRandom, "layout:nlp:random"},
};

}  // namespace

const char* collectionName(Collection collection) {
    return enumName(kCollectionNames, collection);
}

bool parseCollection(const std::string& name, Collection* collection) {
    return parseEnumName(kCollectionNames, name, collection);
}

std::string collectionDirectory(Collection collection) {
    std::string directory = std::string("npz/") + collectionName(collection);
    for (char& c : directory)
        if (c == ':') c = '/';
    return directory;
}

GraphKind collectionKind(Collection collection) {
    return collection == Collection::TileXla ? GraphKind::Tile : GraphKind::Layout;
}

bool isNlpCollection(Collection collection) {
    return collection == Collection::LayoutNlpDefault || collection == Collection::LayoutNlpRandom;
}

bool isRandomSearchCollection(Collection collection) {
    return collection == Collection::LayoutXlaRandom || collection == Collection::LayoutNlpRandom;
}

}  // namespace tpugraphs
