// The submission pipeline's probes kept for later calls. What a probe measured of a collection
// holds for any call that would measure the same, so it is keyed by what changes a step's cost,
// never by the seeds or the budget: the dataset (its folder and the collection's train and valid
// graphs), the collection, its recipe (every training option but the seed), the machine's cores
// and the runs at once. Two files of one format keep them: OUT/probes.json (the probes a call
// used, which a call on that folder reads first) and the user's cache ($TPUGRAPHS_CACHE_DIR,
// else ~/.cache/tpugraphs; then pipeline-probes.json), so that a new output folder on the same
// dataset reuses them. Written atomically (two calls writing at once: the last one's kept); a
// damaged file is a RunError naming it. No torch.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "train/pipeline_budget.h"

namespace tpugraphs {

// A probe's measures (fixed cost, step, validation, the probe's own time) and when it ended.
struct KeptProbe {
    std::string key;
    PipelineCollectionPlan measures;
    double measuredAt = 0;  // seconds since the Unix epoch
};

// The user's probe file: $TPUGRAPHS_CACHE_DIR/pipeline-probes.json, else in userCacheDir().
std::string userPipelineProbesFile();

// The probe kept under `key` in `file` (nullopt when the file or the key is absent).
std::optional<KeptProbe> findKeptProbe(const std::string& file, const std::string& key);
// Keeps `probes` in `file`, replacing those of the same keys and keeping the others.
void keepProbes(const std::string& file, const std::vector<KeptProbe>& probes);

// The earliest measuredAt of `probes` (0 when none).
double earliestMeasure(const std::vector<KeptProbe>& probes);
// A time of day in local time, "13:40", of seconds since the Unix epoch.
std::string timeOfDayText(double unixSeconds);

}  // namespace tpugraphs
