// Training for Python: train(**options) with the option table's keys, and Run(path) over any run
// directory (options, status, history, evaluate, predict, resume), all through core/train.
#include <pybind11/stl.h>

#include <map>
#include <memory>

#include "bindings.h"
#include "graph_handle.h"
#include "numpy_views.h"
#include "python_values.h"
#include "train/option_table.h"
#include "train/predictor.h"
#include "train/run_directory.h"
#include "train/torch_threads.h"
#include "training_session.h"

namespace tpugraphs::python {

namespace {

// LibTorch's threads as the CLI sets them: `threads` when given, else (at the first call only)
// the cores idle then. Called with the GIL held.
void setUpThreads(std::optional<int> threads) {
    static bool set = false;
    if (threads)
        initTorchThreads(*threads);
    else if (!set)
        initTorchThreads(0);
    set = true;
}

// Every key of the option table, for messages.
std::string optionKeys() {
    std::string keys;
    for (const OptionSpec& spec : trainOptionTable()) keys += (keys.empty() ? "" : ", ") + spec.key;
    return keys;
}

// Sets options from {key: text} (the Python side turns values into the CLI's text). Unknown
// keys raise TypeError with the allowed ones; values that do not parse, ValueError.
void applyOptions(const std::map<std::string, std::string>& given, TrainOptions* options) {
    for (const auto& [key, text] : given) {
        const OptionSpec* spec = findTrainOption(key);
        if (!spec)
            throw py::type_error("unknown training option '" + key +
                                 "'; the options are: " + optionKeys());
        setTrainOption(*options, *spec, text);
    }
}

// An option's value as Python: int, float, bool, str or list of str, by its kind.
py::object optionValue(const OptionSpec& spec, const TrainOptions& options) {
    const std::string text = spec.get(options);
    switch (spec.kind) {
        case OptionKind::Integer:
            return py::int_(std::stoll(text));
        case OptionKind::Real:
            return py::float_(std::stod(text));
        case OptionKind::Flag:
            return py::bool_(text == "true");
        case OptionKind::ChoiceList:
        case OptionKind::TextList: {
            py::list items;
            for (size_t start = 0; start < text.size();) {
                const size_t comma = std::min(text.find(',', start), text.size());
                items.append(text.substr(start, comma - start));
                start = comma + 1;
            }
            return std::move(items);
        }
        default:
            return py::str(text);
    }
}

py::dict optionsDict(const TrainOptions& options) {
    py::dict d;
    for (const OptionSpec& spec : trainOptionTable())
        d[spec.key.c_str()] = optionValue(spec, options);
    return d;
}

// history.csv's columns as numpy arrays (same names).
py::dict historyDict(const std::vector<TrainProgress>& history) {
    const auto column = [&](auto value) {
        using T = decltype(value(history.front()));
        std::vector<T> values;
        values.reserve(history.size());
        for (const TrainProgress& p : history) values.push_back(value(p));
        return arrayOf(std::move(values));
    };
    if (history.empty()) {
        py::dict d;
        return d;
    }
    py::dict d;
    d["step"] = column([](const TrainProgress& p) { return p.step; });
    d["total_steps"] = column([](const TrainProgress& p) { return p.totalSteps; });
    d["epoch"] = column([](const TrainProgress& p) { return int64_t(p.epoch); });
    d["loss"] = column([](const TrainProgress& p) { return p.loss; });
    d["lr"] = column([](const TrainProgress& p) { return p.lr; });
    d["configs_per_s"] = column([](const TrainProgress& p) { return p.configsPerSecond; });
    d["graphs_per_s"] = column([](const TrainProgress& p) { return p.graphsPerSecond; });
    d["elapsed_s"] = column([](const TrainProgress& p) { return p.elapsedSeconds; });
    d["eta_s"] = column([](const TrainProgress& p) { return p.etaSeconds; });
    // Flags as numpy bools (stored as bytes: std::vector<bool> has no buffer).
    d["is_validation"] =
        column([](const TrainProgress& p) { return uint8_t(p.isValidation); }).attr("view")("bool");
    d["best"] =
        column([](const TrainProgress& p) { return uint8_t(p.bestSoFar); }).attr("view")("bool");
    d["val_graphs"] = column([](const TrainProgress& p) { return int64_t(p.validation.graphs); });
    for (const MetricSpec& spec : kMetricTable)
        d[spec.key] =
            column([&spec](const TrainProgress& p) { return metricValue(p.validation, spec); });
    return d;
}

// A run directory as Python sees it; reread by refresh() and after a resume.
class RunHandle {
public:
    explicit RunHandle(const std::string& path) : m_info(loadRunInfo(path)) {}

    const RunInfo& info() const { return m_info; }
    void refresh() {
        m_info = loadRunInfo(m_info.runDir);
        m_predictor.reset();
    }

    py::dict evaluate(const std::string& split, int64_t maxConfigs,
                      std::optional<std::string> datasetRoot, std::optional<int> threads) {
        setUpThreads(threads);
        PredictOptions options;
        options.maxConfigs = maxConfigs;
        SplitPrediction prediction;
        const std::string runDir = m_info.runDir;  // refresh() may replace m_info meanwhile
        {
            py::gil_scoped_release release;
            prediction = predictSplit(runDir, datasetRoot.value_or(""), splitNamed(split), options);
        }
        py::dict graphs;
        for (const GraphPrediction& g : prediction.graphs)
            graphs[g.name.c_str()] = metricsDict(g.metrics);
        py::dict d = metricsDict(prediction.mean);
        d["per_graph"] = graphs;
        return d;
    }

    py::array_t<float> predictGraph(const GraphHandle& graph, std::optional<int> threads) {
        setUpThreads(threads);
        const std::shared_ptr<const Predictor> p = predictor();
        std::vector<float> scores;
        const LayoutGraph* layout = graph.tile ? nullptr : &graph.layoutGraph();
        {
            py::gil_scoped_release release;
            scores = layout ? p->predict(*layout) : p->predict(*graph.tile);
        }
        return arrayOf(std::move(scores));
    }

    py::dict predictSplitScores(const std::string& split, std::optional<std::string> datasetRoot,
                                std::optional<int> threads) {
        setUpThreads(threads);
        SplitPrediction prediction;
        const std::string runDir = m_info.runDir;
        {
            py::gil_scoped_release release;
            prediction = predictSplit(runDir, datasetRoot.value_or(""), splitNamed(split));
        }
        py::dict scores;
        for (GraphPrediction& g : prediction.graphs)
            scores[submissionKey(g).c_str()] = arrayOf(std::move(g.scores));
        return scores;
    }

private:
    static std::string submissionKey(const GraphPrediction& g) {
        return std::string(collectionName(g.collection)) + ":" + g.name;
    }
    // The run's checkpoint, loaded on the first prediction (with the GIL held: one load, and a
    // prediction keeps its predictor while refresh() drops it).
    std::shared_ptr<const Predictor> predictor() {
        if (!m_predictor) {
            const std::string runDir = m_info.runDir;
            std::unique_ptr<Predictor> loaded;
            {
                py::gil_scoped_release release;
                loaded = std::make_unique<Predictor>(runDir);
            }
            if (!m_predictor) m_predictor = std::move(loaded);
        }
        return m_predictor;
    }

    RunInfo m_info;
    std::shared_ptr<const Predictor> m_predictor;
};

std::shared_ptr<RunHandle> trainRun(const TrainOptions& options, const py::object& progress,
                                    std::optional<int> threads) {
    checkTrainOptions(options);
    setUpThreads(threads);
    const TrainResult result = trainFromPython(options, progress);
    return std::make_shared<RunHandle>(result.runDir);
}

// _train and option_table: a new run and the options it takes.
void bindTrain(py::module_& m) {
    m.def(
        "_train",
        [](const std::string& collection, const std::map<std::string, std::string>& given,
           const py::object& progress, std::optional<int> threads) {
            Collection c;
            if (!parseCollection(collection, &c))
                throw std::invalid_argument("unknown collection '" + collection +
                                            "': tile:xla, layout:xla:default, layout:xla:random, "
                                            "layout:nlp:default or layout:nlp:random");
            TrainOptions options = defaultTrainOptions(c);
            applyOptions(given, &options);
            options.resume = false;
            return trainRun(options, progress, threads);
        },
        py::arg("collection"), py::arg("options"), py::arg("progress"), py::arg("threads"));
    m.def(
        "option_table",
        [] {
            py::list rows;
            for (const OptionSpec& spec : trainOptionTable()) {
                py::dict row;
                row["key"] = spec.key;
                row["help"] = optionHelp(spec);
                row["resumable"] = spec.resumable;
                if (spec.kind == OptionKind::Integer || spec.kind == OptionKind::Real)
                    row["range"] = py::make_tuple(spec.min, spec.max);
                if (!spec.choices.empty()) row["choices"] = spec.choices;
                rows.append(row);
            }
            return rows;
        },
        "The training options (the CLI's flags, options.json's keys): key, help with default "
        "and range, whether a resume may change it.");
}

using RunClass = py::class_<RunHandle, std::shared_ptr<RunHandle>>;

// What a run's files say: its options, status, steps, best metrics and history.
void bindRunState(RunClass& run) {
    run.def_property_readonly("path", [](const RunHandle& r) { return r.info().runDir; })
        .def_property_readonly(
            "options", [](const RunHandle& r) { return optionsDict(r.info().options); },
            "The run's options by key (options.json).")
        .def_property_readonly(
            "status", [](const RunHandle& r) { return runStatusName(r.info().status); },
            "running, completed, cancelled, early-stopped or failed.")
        .def_property_readonly(
            "interrupted", [](const RunHandle& r) { return r.info().interrupted; },
            "Running, but no process trains it any more (resumable).")
        .def_property_readonly("failure", [](const RunHandle& r) { return r.info().failure; })
        .def_property_readonly(
            "step", [](const RunHandle& r) { return r.info().step; },
            "Steps of the last checkpoint.")
        .def_property_readonly("total_steps",
                               [](const RunHandle& r) { return r.info().totalSteps; })
        .def_property_readonly("best_step", [](const RunHandle& r) { return r.info().bestStep; })
        .def_property_readonly(
            "best", [](const RunHandle& r) { return metricsDict(r.info().best); },
            "The best validation's metrics.")
        .def_property_readonly(
            "history", [](const RunHandle& r) { return historyDict(r.info().history); },
            "history.csv as a dict of numpy arrays (pandas.DataFrame(run.history)).")
        .def("refresh", &RunHandle::refresh, "Reads the run's files again.");
}

// What a run does: evaluate, predict, resume.
void bindRunActions(RunClass& run) {
    run.def("evaluate", &RunHandle::evaluate, py::arg("split") = "valid",
            py::arg("max_configs") = 0, py::arg("dataset") = py::none(),
            py::arg("threads") = py::none(),
            "Scores the run's best checkpoint on a split of its dataset (or `dataset`): mean "
            "metrics and per_graph.")
        .def("_predict_graph", &RunHandle::predictGraph, py::arg("graph"), py::arg("threads"))
        .def("_predict_split", &RunHandle::predictSplitScores, py::arg("split"), py::arg("dataset"),
             py::arg("threads"))
        .def(
            "_resume",
            [](std::shared_ptr<RunHandle> run, const std::map<std::string, std::string>& changes,
               const py::object& progress, std::optional<int> threads) {
                run->refresh();
                const RunInfo& info = run->info();
                for (const auto& [key, text] : changes)
                    if (!findTrainOption(key))
                        throw py::type_error("unknown training option '" + key +
                                             "'; the options are: " + optionKeys());
                TrainOptions options =
                    resumeOptions(info.options, info.step, info.totalSteps, changes);
                options.runDir = info.runDir;
                options.resume = true;
                setUpThreads(threads);
                trainFromPython(options, progress);
                run->refresh();
                return run;
            },
            py::arg("changes"), py::arg("progress"), py::arg("threads"));
}

void bindRun(py::module_& m) {
    RunClass run(m, "Run",
                 "A training run directory written by tpugraphs.train, the CLI or the app. Raises "
                 "RunError when the directory is not a readable run.");
    run.def(py::init<const std::string&>(), py::arg("path"));
    bindRunState(run);
    bindRunActions(run);
    run.def("__repr__", [](const RunHandle& r) {
        return "<tpugraphs.Run " + r.info().runDir + ": " + runStatusName(r.info().status) +
               " at step " + std::to_string(r.info().step) + "/" +
               std::to_string(r.info().totalSteps) + ">";
    });
}

}  // namespace

void bindTraining(py::module_& m) {
    bindTrainingInterrupted(m);
    py::register_exception<RunError>(m, "RunError", PyExc_RuntimeError);
    bindTrain(m);
    bindRun(m);
}

}  // namespace tpugraphs::python
