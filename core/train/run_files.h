// Internal helpers of run directories: reading text files and writing the state/format files.
#pragma once

#include <string>

#include "train/run_directory.h"

namespace tpugraphs {

// Whole file as text. Throws RunError naming the file.
std::string readTextFile(const std::string& path);

// format.json + options.json of a fresh run.
void writeRunHeader(const std::string& runDir, const TrainOptions& options);
// state.json (step, totals, best, status) and history.csv from `info`.
void writeRunState(const RunInfo& info);

}  // namespace tpugraphs
