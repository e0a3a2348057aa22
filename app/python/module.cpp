// The `tpugraphs._core` extension module: the core libraries of the app and the CLI, bound for
// Python. The `tpugraphs` package (tpugraphs/__init__.py) re-exports it.
#include "bindings.h"

#include "base/build_info.h"

PYBIND11_MODULE(_core, m) {
    m.doc() = "TpuGraphs Studio's core: data, metrics, submissions, drawing and training.";
    m.attr("__version__") = tpugraphs::projectVersion();
    m.attr("build") = tpugraphs::versionText();
    tpugraphs::python::bindData(m);
    tpugraphs::python::bindMetrics(m);
    tpugraphs::python::bindSubmission(m);
    tpugraphs::python::bindDrawing(m);
    tpugraphs::python::bindTraining(m);
}
