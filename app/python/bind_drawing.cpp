// tpugraphs.draw: the app's layered drawing of a graph (core/graphdraw) as numpy arrays.
#include <pybind11/stl.h>

#include "bindings.h"
#include "graph_handle.h"
#include "graphdraw/component_packing.h"
#include "graphdraw/graph_subview.h"
#include "numpy_views.h"

namespace tpugraphs::python {

namespace {

py::dict draw(const GraphHandle& graph, const std::string& view) {
    if (view != "whole" && view != "configurable+neighbours")
        throw std::invalid_argument("unknown view '" + view +
                                    "': 'whole' or 'configurable+neighbours'");
    GraphSubview subview;
    GraphDrawing drawing;
    {
        py::gil_scoped_release release;
        const GraphTopology topology =
            graph.tile ? topologyOf(*graph.tile) : topologyOf(*graph.layout);
        subview = view == "whole" ? fullSubview(topology) : configurableSubview(topology);
        drawing = *drawComponents(subview.dag);
    }
    const py::ssize_t points = static_cast<py::ssize_t>(drawing.points.size());
    std::vector<float> xy;
    xy.reserve(drawing.points.size() * 2);
    for (const DrawingPoint& p : drawing.points) xy.insert(xy.end(), {p.x, p.y});
    py::dict d;
    d["node"] = arrayOf(std::move(subview.original));
    d["x"] = arrayOf(std::move(drawing.x));
    d["y"] = arrayOf(std::move(drawing.y));
    d["width"] = arrayOf(std::move(drawing.width));
    d["height"] = arrayOf(std::move(drawing.height));
    d["layer"] = arrayOf(std::move(drawing.layer));
    d["edge_from"] = arrayOf(std::move(drawing.edgeFrom));
    d["edge_to"] = arrayOf(std::move(drawing.edgeTo));
    d["edge_point_start"] = arrayOf(std::move(drawing.edgePointStart));
    d["edge_points"] = arrayOf(std::move(xy), {points, 2});
    d["bounds"] = py::make_tuple(drawing.bounds.left, drawing.bounds.top, drawing.bounds.right,
                                 drawing.bounds.bottom);
    return d;
}

}  // namespace

void bindDrawing(py::module_& m) {
    m.def("_draw", &draw, py::arg("graph"), py::arg("view") = "whole");
}

}  // namespace tpugraphs::python
