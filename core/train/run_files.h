// Internal helpers of run directories: reading text files and writing the state/format files.
#pragma once

#include <string>

#include "train/run_directory.h"

namespace tpugraphs {

// Whole file as text. Throws RunError naming the file.
std::string readTextFile(const std::string& path);

// format.json of the current run format version.
void writeRunFormat(const std::string& runDir);
// format.json + options.json of a fresh run.
void writeRunHeader(const std::string& runDir, const TrainOptions& options);
// state.json (step, totals, best, status) and history.csv from `info`.
void writeRunState(const RunInfo& info);
// history.csv alone: written between checkpoints too, so that a run's curves can be followed
// from its files as it trains (state.json keeps the step of the last checkpoint).
void writeRunHistory(const RunInfo& info);

}  // namespace tpugraphs
