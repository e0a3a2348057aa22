// Dataset scanner: collections and splits of the official layout, described from npy headers.
#include "data/dataset.h"

#include <algorithm>
#include <filesystem>
#include <mutex>

#include "base/enum_names.h"
#include "base/parallel_for.h"
#include "data/data_error.h"
#include "data/graph_schema.h"
#include "data/npz_file.h"

namespace fs = std::filesystem;

namespace tpugraphs {

namespace {

constexpr Split kSplits[] = {Split::Train, Split::Valid, Split::Test};
const EnumName<Split> kSplitNames[] = {
    {Split::Train, "train"}, {Split::Valid, "valid"}, {Split::Test, "test"}};

// The collection and split of a file from its last directories, e.g. .../layout/nlp/random/test.
void classify(const fs::path& file, GraphEntry* entry) {
    std::vector<std::string> parts;
    for (fs::path p = file.parent_path(); parts.size() < 4 && p.has_filename(); p = p.parent_path())
        parts.push_back(p.filename().string());
    if (parts.empty() || !parseSplit(parts[0], &entry->split)) return;
    for (const Collection c : kCollections) {
        // directory "npz/layout/nlp/random": compare its last components with the parents.
        std::vector<std::string> want;
        for (const auto& part : fs::path(collectionDirectory(c))) want.push_back(part.string());
        std::reverse(want.begin(), want.end());
        want.pop_back();  // "npz"
        if (parts.size() < want.size() + 1) continue;
        if (std::equal(want.begin(), want.end(), parts.begin() + 1)) {
            entry->collection = c;
            entry->kind = collectionKind(c);
        }
    }
}

}  // namespace

std::string datasetNpzFolder(const std::string& root) {
    for (const fs::path& candidate :
         {fs::path(root) / "npz", fs::path(root) / "npz_all" / "npz", fs::path(root)})
        if (fs::is_directory(candidate / "tile") || fs::is_directory(candidate / "layout"))
            return candidate.string();
    return {};
}

DatasetPlace datasetPlaceOf(const std::string& path) {
    const fs::path file(path);
    GraphEntry entry;
    classify(file, &entry);
    fs::path folder = file.parent_path();
    fs::path relative = file.stem();
    if (entry.collection) {
        // Up from the split folder through the collection's folders ("layout/nlp/random").
        const fs::path below =
            fs::path(collectionDirectory(*entry.collection)).lexically_relative("npz") /
            splitName(entry.split) / file.stem();
        for (auto part = below.begin(); part != below.end(); ++part)
            if (std::next(part) != below.end()) folder = folder.parent_path();
        relative = below;
    }
    return {folder.string(), relative.string()};
}

const char* splitName(Split split) {
    return enumName(kSplitNames, split);
}

bool parseSplit(const std::string& text, Split* split) {
    return parseEnumName(kSplitNames, text, split);
}

std::string collectionLabel(const GraphEntry& entry) {
    return entry.collection ? collectionName(*entry.collection) : graphKindName(entry.kind);
}

ReadOptions readOptionsFor(Split split) {
    ReadOptions options;
    options.requireRuntimes = split != Split::Test;
    return options;
}

std::vector<const GraphEntry*> DatasetIndex::select(Collection collection, Split split) const {
    std::vector<const GraphEntry*> out;
    for (const GraphEntry& g : graphs)
        if (g.collection == collection && g.split == split) out.push_back(&g);
    return out;
}

GraphEntry describeGraphFile(const std::string& path) {
    GraphEntry entry;
    entry.path = path;
    const fs::path p(path);
    entry.name = p.stem().string();
    classify(p, &entry);
    try {
        NpzFile npz = NpzFile::open(path);
        entry.compressedBytes = npz.fileBytes();
        const GraphKind kind = detectGraphKind(npz);
        if (entry.collection && collectionKind(*entry.collection) != kind)
            throw DataError(path, "",
                            std::string("is a ") + graphKindName(kind) + " file inside the " +
                                collectionName(*entry.collection) + " collection");
        entry.kind = kind;
        const GraphCounts counts = checkGraphHeaders(npz, kind);
        entry.nodes = counts.nodes;
        entry.edges = counts.edges;
        entry.configs = counts.configs;
        entry.configurableNodes = counts.configurableNodes;
        entry.uncompressedBytes = counts.dataBytes;
    } catch (const std::exception& e) {
        entry.error = e.what();
    }
    return entry;
}

DatasetIndex scanDataset(const std::string& root,
                         const std::function<void(size_t, size_t)>& progress) {
    const fs::path folder = datasetNpzFolder(root);
    if (folder.empty())
        throw DataError(root, "",
                        "is not a TpuGraphs dataset root (no npz/tile or npz/layout folder)");
    DatasetIndex index;
    index.root = root;
    std::vector<std::string> paths;
    for (const Collection c : kCollections) {
        for (Split split : kSplits) {
            const fs::path dir = folder /
                                 fs::path(collectionDirectory(c)).lexically_relative("npz") /
                                 splitName(split);
            std::error_code error;
            if (!fs::is_directory(dir, error)) continue;
            for (const auto& item : fs::directory_iterator(dir, error))
                if (item.path().extension() == ".npz") paths.push_back(item.path().string());
        }
    }
    index.graphs.resize(paths.size());
    std::mutex mutex;
    size_t done = 0;
    parallelFor(paths.size(), 0, [&](size_t i) {
        index.graphs[i] = describeGraphFile(paths[i]);
        std::lock_guard<std::mutex> lock(mutex);
        if (progress) progress(++done, paths.size());
    });
    std::sort(index.graphs.begin(), index.graphs.end(),
              [](const GraphEntry& a, const GraphEntry& b) {
                  if (a.collection != b.collection)
                      return a.collection < b.collection;  // kCollections order
                  if (a.split != b.split) return a.split < b.split;
                  return a.name < b.name;
              });
    return index;
}

}  // namespace tpugraphs
