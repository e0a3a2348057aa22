// Runtime-only reader on top of NpzFile.
#include "metrics/ground_truth.h"

#include "data/data_error.h"
#include "data/npz_file.h"

namespace tpugraphs {
namespace {

std::vector<int64_t> readRuntimeVector(NpzFile& file, const std::string& name) {
    const NpyArray array = file.read(name);
    if (array.rank() != 1)
        throw DataError(file.path(), name,
                        "expected a vector, found rank " + std::to_string(array.rank()));
    return array.toVector<int64_t>();
}

}  // namespace

GraphRuntimes readGraphRuntimes(const std::string& path) {
    NpzFile file = NpzFile::open(path);
    GraphRuntimes result;
    result.configRuntime = readRuntimeVector(file, "config_runtime");
    result.tile = file.find("config_runtime_normalizers") != nullptr;
    if (result.tile) {
        result.normalizers = readRuntimeVector(file, "config_runtime_normalizers");
        if (result.normalizers.size() != result.configRuntime.size())
            throw DataError(path, "config_runtime_normalizers",
                            "has " + std::to_string(result.normalizers.size()) + " values for " +
                                std::to_string(result.configRuntime.size()) + " runtimes");
        for (size_t i = 0; i < result.normalizers.size(); ++i)
            if (result.normalizers[i] <= 0)
                throw DataError(path, "config_runtime_normalizers",
                                "value " + std::to_string(i) + " is " +
                                    std::to_string(result.normalizers[i]) + " (must be > 0)");
    }
    if (result.configRuntime.empty()) throw DataError(path, "config_runtime", "is empty");
    for (size_t i = 0; i < result.configRuntime.size(); ++i)
        if (result.configRuntime[i] <= 0)
            throw DataError(path, "config_runtime",
                            "value " + std::to_string(i) + " is " +
                                std::to_string(result.configRuntime[i]) +
                                " (runtimes must be > 0 to score; test-split files have none)");
    return result;
}

}  // namespace tpugraphs
