// Runs the core trainer for Python: on its own thread with the GIL released, progress handed to
// a Python callback on the caller's thread, Ctrl-C (KeyboardInterrupt) turned into the trainer's
// stop flag, as SIGINT is in the CLI.
#pragma once

#include <pybind11/pybind11.h>

#include "train/trainer.h"

namespace tpugraphs::python {

namespace py = pybind11;

// Trains `options` (a fresh run or a resume). `progress` (None or a callable taking a dict, see
// progressDict) is called on this thread. A KeyboardInterrupt while it trains stops the trainer
// at its next safe point (last.pt written, the run resumable) and is then raised as
// tpugraphs.TrainingInterrupted (a KeyboardInterrupt) naming the run; an exception raised by
// `progress` stops it the same way and is raised again. Errors of the trainer are raised as the
// core throws them.
TrainResult trainFromPython(const TrainOptions& options, const py::object& progress);

// One progress record as a dict: phase, step, total_steps, epoch, loss, lr, configs_per_second,
// graphs_per_second, elapsed_seconds, eta_seconds, message, validation (a dict of metrics, or
// None), best_so_far, and line: the CLI's text for it.
py::dict progressDict(const TrainProgress& progress);
// Validation metrics as a dict (NaN where a metric does not apply to the kind).
py::dict metricsDict(const EvalMetrics& metrics);

void bindTrainingInterrupted(py::module_& m);

}  // namespace tpugraphs::python
