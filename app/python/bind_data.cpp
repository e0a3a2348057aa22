// tpugraphs.load, Graph (read-only numpy arrays over the core's buffers), Dataset, DataError and
// the layout configs' base-7 form: core/data bound for Python.
#include <pybind11/stl.h>

#include <optional>

#include "bindings.h"
#include "data/data_error.h"
#include "data/dataset.h"
#include "data/graph_io.h"
#include "data/layout_configs.h"
#include "graph_handle.h"
#include "numpy_views.h"

namespace tpugraphs::python {

namespace {

using Shape = std::vector<py::ssize_t>;

py::ssize_t size(int64_t n) {
    return static_cast<py::ssize_t>(n);
}

template <typename T>
py::array view(const std::vector<T>& values, Shape shape, py::handle owner) {
    return readOnlyView(values.data(), std::move(shape), owner);
}

// The arrays of a graph under their official names, in the file's order.
py::dict arraysOf(py::handle self) {
    const GraphHandle& g = self.cast<const GraphHandle&>();
    py::dict arrays;
    for (const char* name : g.arrayNames()) arrays[name] = self.attr(name);
    return arrays;
}

// The graph's node_config_feat as floats, C x nc x 18: the array as read from its file, or
// decoded once from the packed configs and kept with the graph.
py::array layoutConfigFloats(py::handle self) {
    GraphHandle& g = self.cast<GraphHandle&>();
    const LayoutGraph& arrays = g.layoutArrays();
    const Shape shape = {size(arrays.configCount()), size(arrays.configurableCount()),
                         kLayoutConfigFeatureCount};
    if (g.configFeat) return readOnlyView(g.configFeat->data<float>(), shape, self);
    const LayoutGraph& layout = g.layoutGraph();
    if (!g.configFloats) {
        std::unique_ptr<std::vector<float>> floats;
        {
            py::gil_scoped_release release;
            floats = std::make_unique<std::vector<float>>(layout.configs.toFloats());
        }
        // Another thread may have decoded them meanwhile: the first result stays (views of it
        // may exist).
        if (!g.configFloats) g.configFloats = std::move(floats);
    }
    return view(*g.configFloats, shape, self);
}

// The base-7 groups of node_config_feat, C x nc x 3 (uint32).
py::array_t<uint32_t> layoutConfigGroups(const GraphHandle& g) {
    const PackedLayoutConfigs& configs = g.layoutGraph().configs;
    std::vector<uint32_t> groups;
    {
        py::gil_scoped_release release;
        groups.reserve(static_cast<size_t>(configs.configCount() * configs.nodeCount()) *
                       kLayoutConfigGroups);
        for (int64_t c = 0; c < configs.configCount(); ++c)
            for (int64_t n = 0; n < configs.nodeCount(); ++n) {
                const NodeLayout& layout = configs.layout(c, n);
                groups.insert(groups.end(), layout.groups, layout.groups + kLayoutConfigGroups);
            }
    }
    return arrayOf(std::move(groups),
                   {size(configs.configCount()), size(configs.nodeCount()), kLayoutConfigGroups});
}

py::array_t<float> decodeLayoutGroups(const InputArray<uint32_t>& groups) {
    if (groups.ndim() < 1 || groups.shape(groups.ndim() - 1) != kLayoutConfigGroups)
        throw std::invalid_argument("layout groups must have a last dimension of 3");
    const py::ssize_t count = groups.size();
    const uint32_t* data = groups.data();
    std::vector<float> values(static_cast<size_t>(count) * 6);
    {
        py::gil_scoped_release release;
        for (py::ssize_t i = 0; i < count; ++i) {
            if (data[i] >= kLayoutGroupCodes)
                throw std::invalid_argument("layout group " + std::to_string(data[i]) +
                                            " at index " + std::to_string(i) +
                                            " is not a base-7 code below 7^6");
            unpackLayoutGroup(data[i], values.data() + 6 * i);
        }
    }
    Shape shape(groups.shape(), groups.shape() + groups.ndim());
    shape.back() = kLayoutConfigFeatureCount;
    return arrayOf(std::move(values), std::move(shape));
}

py::array_t<uint32_t> encodeLayoutGroups(const InputArray<float>& features) {
    if (features.ndim() < 1 || features.shape(features.ndim() - 1) != kLayoutConfigFeatureCount)
        throw std::invalid_argument("layout config features must have a last dimension of 18");
    const py::ssize_t count = features.size();
    const float* data = features.data();
    std::vector<uint32_t> groups(static_cast<size_t>(count) / 6);
    {
        py::gil_scoped_release release;
        for (py::ssize_t i = 0; i < count; ++i)
            if (!(data[i] >= -1 && data[i] <= 5 && data[i] == static_cast<int>(data[i])))
                throw std::invalid_argument("layout config value at index " + std::to_string(i) +
                                            " is not an integer in -1..5");
        for (size_t i = 0; i < groups.size(); ++i) groups[i] = packLayoutGroup(data + 6 * i);
    }
    Shape shape(features.shape(), features.shape() + features.ndim());
    shape.back() = kLayoutConfigGroups;
    return arrayOf(std::move(groups), std::move(shape));
}

py::dict entryDict(const GraphEntry& e) {
    py::dict d;
    d["name"] = e.name;
    d["path"] = e.path;
    d["collection"] =
        e.collection ? py::object(py::str(collectionName(*e.collection))) : py::object(py::none());
    d["split"] = splitName(e.split);
    d["kind"] = graphKindName(e.kind);
    d["nodes"] = e.nodes;
    d["edges"] = e.edges;
    d["configs"] = e.configs;
    d["configurable_nodes"] = e.configurableNodes;
    d["compressed_bytes"] = e.compressedBytes;
    d["error"] = e.error;
    return d;
}

void bindDataError(py::module_& m) {
    static py::exception<DataError> dataError(m, "DataError", PyExc_ValueError);
    dataError.doc() =
        "A damaged or invalid TpuGraphs file (a ValueError). str() is the core's message; "
        "the attributes file, array and problem are its parts.";
    py::register_exception_translator([](std::exception_ptr thrown) {
        try {
            if (thrown) std::rethrow_exception(thrown);
        } catch (const DataError& e) {
            py::object error = py::handle(dataError.ptr())(e.what());
            error.attr("file") = e.file();
            error.attr("array") = e.array();
            error.attr("problem") = e.problem();
            PyErr_SetObject(dataError.ptr(), error.ptr());
        }
    });
}

using GraphClass = py::class_<GraphHandle, std::shared_ptr<GraphHandle>>;

// What a graph is: its name, file, kind, collection, split and sizes.
void bindGraphIdentity(GraphClass& graph) {
    graph
        .def_property_readonly(
            "name", [](const GraphHandle& g) { return g.name(); }, "The file stem.")
        .def_property_readonly("path", [](const GraphHandle& g) { return g.path; })
        .def_property_readonly(
            "kind", [](const GraphHandle& g) { return graphKindName(g.kind); },
            "'tile' or 'layout'.")
        .def_property_readonly(
            "collection",
            [](const GraphHandle& g) -> std::optional<std::string> {
                if (!g.collection) return std::nullopt;
                return std::string(collectionName(*g.collection));
            },
            "'tile:xla', 'layout:nlp:random', ...; None for a file outside the official layout.")
        .def_property_readonly(
            "split",
            [](const GraphHandle& g) -> std::optional<std::string> {
                if (!g.split) return std::nullopt;
                return std::string(splitName(*g.split));
            },
            "'train', 'valid' or 'test'; None for a file outside the official layout.")
        .def_property_readonly("node_count", &GraphHandle::nodeCount)
        .def_property_readonly("edge_count", &GraphHandle::edgeCount)
        .def_property_readonly("config_count", &GraphHandle::configCount);
}

// The arrays every graph has.
void bindGraphArrays(GraphClass& graph) {
    graph
        .def_property_readonly(
            "node_feat",
            [](py::handle self) {
                const GraphHandle& g = self.cast<const GraphHandle&>();
                return view(g.nodeFeat(), {size(g.nodeCount()), kNodeFeatureCount}, self);
            },
            "float32, N x 140.")
        .def_property_readonly(
            "node_opcode",
            [](py::handle self) {
                const GraphHandle& g = self.cast<const GraphHandle&>();
                return view(g.nodeOpcode(), {size(g.nodeCount())}, self);
            },
            "uint8, N.")
        .def_property_readonly(
            "edge_index",
            [](py::handle self) {
                const GraphHandle& g = self.cast<const GraphHandle&>();
                return view(g.edgeIndex(), {size(g.edgeCount()), 2}, self);
            },
            "int64, E x 2: (consumer, producer).")
        .def_property_readonly(
            "config_runtime",
            [](py::handle self) {
                const GraphHandle& g = self.cast<const GraphHandle&>();
                return view(g.configRuntime(), {size(g.configCount())}, self);
            },
            "int64, C (zeros in the test split).");
}

// The arrays of one kind: a tile graph's configs, a layout graph's configurable nodes.
void bindGraphKindArrays(GraphClass& graph) {
    graph
        .def_property_readonly(
            "config_feat",
            [](py::handle self) {
                const TileGraph& t = self.cast<const GraphHandle&>().tileGraph();
                return view(t.configFeat, {size(t.configCount()), kTileConfigFeatureCount}, self);
            },
            "Tile graphs: float32, C x 24.")
        .def_property_readonly(
            "config_runtime_normalizers",
            [](py::handle self) {
                const TileGraph& t = self.cast<const GraphHandle&>().tileGraph();
                return view(t.configRuntimeNormalizers, {size(t.configCount())}, self);
            },
            "Tile graphs: int64, C.")
        .def_property_readonly(
            "node_config_ids",
            [](py::handle self) {
                const LayoutGraph& l = self.cast<const GraphHandle&>().layoutArrays();
                return view(l.nodeConfigIds, {size(l.configurableCount())}, self);
            },
            "Layout graphs: int64, nc.")
        .def_property_readonly(
            "node_splits",
            [](py::handle self) {
                const LayoutGraph& l = self.cast<const GraphHandle&>().layoutArrays();
                return view(l.nodeSplits, {1, size(l.nodeSplits.size())}, self);
            },
            "Layout graphs: int64, 1 x k (as in the files).")
        .def_property_readonly("node_config_feat", &layoutConfigFloats,
                               "Layout graphs: float32, C x nc x 18: the file's array as read "
                               "(values checked), or for graphs built in memory decoded from the "
                               "compressed form on first use and kept with the graph.")
        .def_property_readonly("node_config_groups", &layoutConfigGroups,
                               "Layout graphs: the compressed form of node_config_feat, uint32 "
                               "C x nc x 3 (each group of 6 values in -1..5 as one base-7 "
                               "number), packed on first use; decode_layout_groups gives the "
                               "floats back.");
}

void bindGraph(py::module_& m) {
    GraphClass graph(
        m, "Graph",
        "A TpuGraphs graph (tile or layout) as the core read and validated it. Its arrays carry "
        "the official names and are read-only numpy arrays over the core's own buffers.");
    bindGraphIdentity(graph);
    bindGraphArrays(graph);
    bindGraphKindArrays(graph);
    graph
        .def(
            "keys", [](const GraphHandle& g) { return g.arrayNames(); },
            "The official array names of this graph's kind.")
        .def("arrays", &arraysOf, "Every array by its official name (like dict(np.load(path))).")
        .def("__repr__", [](const GraphHandle& g) {
            return "<tpugraphs.Graph " + std::string(graphKindName(g.kind)) + " '" + g.name() +
                   "': " + std::to_string(g.nodeCount()) + " nodes, " +
                   std::to_string(g.edgeCount()) + " edges, " + std::to_string(g.configCount()) +
                   " configs>";
        });
}

// load, the layout groups' codes, and the dataset scan behind tpugraphs.Dataset.
void bindReading(py::module_& m) {
    m.def(
        "load",
        [](const std::string& path, std::optional<bool> requireRuntimes) {
            py::gil_scoped_release release;
            return std::make_shared<GraphHandle>(GraphHandle::read(path, requireRuntimes));
        },
        py::arg("path"), py::arg("require_runtimes") = py::none(),
        "Reads and validates one .npz (tile or layout) with the core's reader. "
        "require_runtimes: zero runtimes are an error (default: for files in a train or valid "
        "folder). Raises DataError naming the file, the array and the problem.");

    m.def("decode_layout_groups", &decodeLayoutGroups, py::arg("groups"),
          "Base-7 layout groups (..., 3) -> the 18 layout values (..., 18), float32 in -1..5.");
    m.def("encode_layout_groups", &encodeLayoutGroups, py::arg("features"),
          "The 18 layout values (..., 18) -> their base-7 groups (..., 3), uint32.");

    m.def(
        "_scan_dataset",
        [](const std::string& root) {
            DatasetIndex index;
            {
                py::gil_scoped_release release;
                index = scanDataset(root);
            }
            py::list entries;
            for (const GraphEntry& e : index.graphs) entries.append(entryDict(e));
            return entries;
        },
        py::arg("root"), "The graphs of a dataset root from their headers (tpugraphs.Dataset).");
    m.def("_dataset_npz_folder", &datasetNpzFolder, py::arg("root"));
}

}  // namespace

void bindData(py::module_& m) {
    bindDataError(m);
    bindGraph(m);
    bindReading(m);
}

}  // namespace tpugraphs::python
