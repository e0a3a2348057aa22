// The parts of the `tpugraphs` Python module, one per role, each adding its names to the module.
#pragma once

#include <pybind11/pybind11.h>

namespace tpugraphs::python {

namespace py = pybind11;

void bindData(py::module_& m);        // load, Graph, Dataset, DataError, layout config codes
void bindMetrics(py::module_& m);     // Kendall tau, tile score, top-K error, OPA, aggregation
void bindSubmission(py::module_& m);  // score, validate and write submissions
void bindDrawing(py::module_& m);     // draw(graph): node boxes and edge polylines
void bindTraining(py::module_& m);    // train, Run (history, evaluate, predict, resume)

}  // namespace tpugraphs::python
