// The pipeline's kept probes: a list of keyed measures in a JSON file.
#include "train/pipeline_probes.h"

#include <algorithm>
#include <cstdlib>
#include <ctime>

#include "base/user_dirs.h"
#include "train/pipeline_json.h"

namespace tpugraphs {

namespace {

// The file's probes, in its order (none when it is absent).
std::vector<KeptProbe> readKeptProbes(const std::string& file) {
    return readJson(file, "the pipeline's probes", [](const nlohmann::json& j) {
        std::vector<KeptProbe> probes;
        if (j.is_null()) return probes;
        for (const auto& c : j.at("collections")) {
            KeptProbe probe;
            probe.key = c.at("key");
            probe.measures = collectionPlanFromJson(c);
            probe.measuredAt = c.at("measured_at");
            probes.push_back(probe);
        }
        return probes;
    });
}

}  // namespace

std::string userPipelineProbesFile() {
    const char* chosen = std::getenv("TPUGRAPHS_CACHE_DIR");
    const std::string folder = chosen && *chosen ? chosen : userCacheDir();
    return folder + "/pipeline-probes.json";
}

std::optional<KeptProbe> findKeptProbe(const std::string& file, const std::string& key) {
    for (const KeptProbe& probe : readKeptProbes(file))
        if (probe.key == key) return probe;
    return std::nullopt;
}

void keepProbes(const std::string& file, const std::vector<KeptProbe>& probes) {
    std::vector<KeptProbe> kept = readKeptProbes(file);
    for (const KeptProbe& probe : probes) {
        auto same = kept.begin();
        while (same != kept.end() && same->key != probe.key) ++same;
        if (same == kept.end())
            kept.push_back(probe);
        else
            *same = probe;
    }
    nlohmann::json collections = nlohmann::json::array();
    for (const KeptProbe& probe : kept) {
        nlohmann::json c = collectionPlanJson(probe.measures);
        c["key"] = probe.key;
        c["measured_at"] = probe.measuredAt;
        collections.push_back(c);
    }
    writeJson(file, {{"collections", collections}});
}

double earliestMeasure(const std::vector<KeptProbe>& probes) {
    double earliest = 0;
    for (const KeptProbe& probe : probes)
        earliest = earliest == 0 ? probe.measuredAt : std::min(earliest, probe.measuredAt);
    return earliest;
}

std::string timeOfDayText(double unixSeconds) {
    const auto time = static_cast<std::time_t>(unixSeconds);
    std::tm local{};
    localtime_r(&time, &local);
    char text[8];
    std::strftime(text, sizeof text, "%H:%M", &local);
    return text;
}

}  // namespace tpugraphs
