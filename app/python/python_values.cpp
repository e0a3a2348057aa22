// Core values as Python sees them.
#include "python_values.h"

#include <stdexcept>

namespace tpugraphs::python {

Split splitNamed(const std::string& name) {
    Split split;
    if (!parseSplit(name, &split))
        throw std::invalid_argument("unknown split '" + name + "': train, valid or test");
    return split;
}

py::dict competitionScoreDict(const CompetitionScore& score) {
    py::dict collections;
    for (const CollectionScore& c : score.collections) {
        py::dict entry;
        entry["graphs"] = c.graphs;
        entry["mean"] = c.mean;
        collections[collectionName(c.collection)] = entry;
    }
    py::dict d;
    d["collections"] = collections;
    d["overall"] = score.overall;
    d["complete"] = score.complete;
    return d;
}

}  // namespace tpugraphs::python
