// trainFromPython: the trainer on a worker thread, the caller's thread serving Python.
#include "training_session.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>

#include "base/enum_names.h"
#include "common/train_report.h"

namespace tpugraphs::python {

namespace {

const EnumName<TrainPhase> kPhaseNames[] = {{TrainPhase::Loading, "loading"},
                                            {TrainPhase::Training, "training"},
                                            {TrainPhase::Validation, "validation"},
                                            {TrainPhase::Finished, "finished"}};

// What the trainer's thread hands to the caller's.
struct Mailbox {
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<TrainProgress> progress;
    bool finished = false;
    TrainResult result;
    std::exception_ptr error;
};

// tpugraphs.TrainingInterrupted: one reference kept for the life of the process.
PyObject* g_interrupted = nullptr;

}  // namespace

py::dict metricsDict(const EvalMetrics& v) {
    py::dict d;
    d["graphs"] = v.graphs;
    for (const MetricSpec& spec : kMetricTable) d[spec.key] = metricValue(v, spec);
    return d;
}

py::dict progressDict(const TrainProgress& p) {
    py::dict d;
    d["phase"] = enumName(kPhaseNames, p.phase);
    d["step"] = p.step;
    d["total_steps"] = p.totalSteps;
    d["epoch"] = p.epoch;
    d["loss"] = p.loss;
    d["lr"] = p.lr;
    d["configs_per_second"] = p.configsPerSecond;
    d["graphs_per_second"] = p.graphsPerSecond;
    d["elapsed_seconds"] = p.elapsedSeconds;
    d["eta_seconds"] = p.etaSeconds;
    d["message"] = p.message;
    d["validation"] = p.isValidation ? py::object(metricsDict(p.validation)) : py::none();
    d["best_so_far"] = p.bestSoFar;
    d["line"] = cli::formatProgress(p);
    return d;
}

void bindTrainingInterrupted(py::module_& m) {
    g_interrupted = PyErr_NewExceptionWithDoc(
        "tpugraphs._core.TrainingInterrupted",
        "Training stopped by Ctrl-C (a KeyboardInterrupt) at a safe point: the run keeps its "
        "last checkpoint; run_dir names it, Run(run_dir).resume() continues it.",
        PyExc_KeyboardInterrupt, nullptr);
    if (!g_interrupted) throw py::error_already_set();
    m.attr("TrainingInterrupted") = py::reinterpret_borrow<py::object>(g_interrupted);
}

TrainResult trainFromPython(const TrainOptions& options, const py::object& progress) {
    Mailbox box;
    std::atomic<bool> stop{false};
    std::thread worker([&] {
        TrainResult result;
        std::exception_ptr error;
        try {
            result = train(
                options,
                [&](const TrainProgress& p) {
                    const std::lock_guard<std::mutex> lock(box.mutex);
                    box.progress.push_back(p);
                    box.changed.notify_all();
                },
                &stop);
        } catch (...) {
            error = std::current_exception();
        }
        const std::lock_guard<std::mutex> lock(box.mutex);
        box.result = result;
        box.error = error;
        box.finished = true;
        box.changed.notify_all();
    });

    bool interrupted = false;
    std::optional<py::error_already_set> callbackError;
    for (bool finished = false; !finished;) {
        std::deque<TrainProgress> records;
        {
            py::gil_scoped_release release;
            std::unique_lock<std::mutex> lock(box.mutex);
            box.changed.wait_for(lock, std::chrono::milliseconds(100),
                                 [&] { return box.finished || !box.progress.empty(); });
            records.swap(box.progress);
            finished = box.finished;
        }
        for (const TrainProgress& p : records) {
            if (progress.is_none() || callbackError || interrupted) break;
            try {
                progress(progressDict(p));
            } catch (py::error_already_set& e) {
                // Ctrl-C inside the callback counts as Ctrl-C; any other error is raised again.
                if (e.matches(PyExc_KeyboardInterrupt))
                    interrupted = true;
                else
                    callbackError = std::move(e);
                stop = true;
            }
        }
        if (!interrupted && PyErr_CheckSignals() != 0) {
            // Ctrl-C: the trainer stops at its next batch and writes last.pt; wait for it.
            PyErr_Clear();
            interrupted = true;
            stop = true;
        }
    }
    {
        py::gil_scoped_release release;
        worker.join();
    }
    if (box.error) std::rethrow_exception(box.error);
    if (callbackError) throw std::move(*callbackError);
    if (interrupted) {
        py::object type = py::reinterpret_borrow<py::object>(g_interrupted);
        py::object error =
            type("training stopped at step " + std::to_string(box.result.steps) + "; the run in " +
                 box.result.runDir + " is resumable: tpugraphs.Run(path).resume()");
        error.attr("run_dir") = box.result.runDir;
        PyErr_SetObject(g_interrupted, error.ptr());
        throw py::error_already_set();
    }
    return box.result;
}

}  // namespace tpugraphs::python
