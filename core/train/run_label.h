// What a person reads a run by, kept in its directory beside the training's files: a display
// name and free tags (RUN/label.json, written by a sweep or the pipeline, changed by Rename and
// Tag), and the score it was given after training (RUN/score.json: the submission pipeline
// scores its runs on the valid split after they end, as they do not validate). Both files are
// optional and written atomically. No torch.
#pragma once

#include <string>
#include <vector>

#include "train/train_options.h"
#include "train/train_progress.h"

namespace tpugraphs {

struct RunLabel {
    std::string name;  // empty: the default name (defaultRunName)
    std::vector<std::string> tags;
};

// A score given after training, on a split, by a named scorer.
struct RunScore {
    EvalMetrics metrics;   // graphs = 0: none
    std::string split;     // "valid"
    int64_t step = -1;     // the checkpoint scored
    std::string scoredBy;  // e.g. "submission pipeline, 1000 configs per graph"
    bool present() const { return metrics.graphs > 0 && step >= 0; }
};

// "<collection> · <point> · seed K", e.g. "layout:xla:default · recipe · seed 2".
std::string runName(Collection collection, const std::string& point, uint64_t seed);
// The name of a run without a label: its collection, its folder's name and its seed.
std::string defaultRunName(const TrainOptions& options, const std::string& runDir);

// Both readers return the empty value when the file is absent; they throw RunError naming the
// file when it is damaged.
RunLabel readRunLabel(const std::string& runDir);
void writeRunLabel(const std::string& runDir, const RunLabel& label);
RunScore readRunScore(const std::string& runDir);
void writeRunScore(const std::string& runDir, const RunScore& score);

}  // namespace tpugraphs
