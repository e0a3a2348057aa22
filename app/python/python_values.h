// Core values as Python sees them, shared by the bindings: split names, score summaries.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "data/dataset.h"
#include "metrics/score_aggregation.h"

namespace tpugraphs::python {

namespace py = pybind11;

// The split called `name`; std::invalid_argument (ValueError) naming the allowed ones.
Split splitNamed(const std::string& name);
// {"collections": {name: {"graphs": n, "mean": m}}, "overall": x, "complete": bool}.
py::dict competitionScoreDict(const CompetitionScore& score);

}  // namespace tpugraphs::python
