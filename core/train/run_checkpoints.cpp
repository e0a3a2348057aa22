// Writing and reading back a run's checkpoints.
#include "train/run_checkpoints.h"

#include <filesystem>

#include "base/atomic_file.h"
#include "model/flat_adam.h"

namespace tpugraphs {

StoredNormalizers readStoredNormalizers(const std::string& checkpoint) {
    const CheckpointMeta meta = readCheckpointMeta(checkpoint);
    StoredNormalizers stored;
    stored.nodes =
        std::make_unique<FeatureNormalizer>(FeatureNormalizer::fromJson(meta.nodeNormalizer));
    if (!meta.configNormalizer.empty())
        stored.configs =
            std::make_unique<FeatureNormalizer>(FeatureNormalizer::fromJson(meta.configNormalizer));
    return stored;
}

std::string usableCheckpoint(const std::string& runDir, std::vector<std::string>* notes) {
    const std::string last = runDir + "/last.pt";
    for (const std::string& path : {last, previousVersionPath(last)}) {
        if (!std::filesystem::exists(path)) continue;
        try {
            readCheckpointMeta(path);
            return path;
        } catch (const RunError& e) {
            notes->push_back(std::string("checkpoint passed over: ") + e.what());
        }
    }
    notes->push_back(runDir +
                     ": no usable checkpoint to resume from: the run starts again from step 0");
    return "";
}

RunCheckpoints::RunCheckpoints(RunRecorder& recorder, const TrainOptions& options,
                               const TrainingData& data)
    : m_recorder(recorder), m_options(options), m_data(data) {}

CheckpointMeta RunCheckpoints::meta() const {
    CheckpointMeta meta;
    meta.formatVersion = kRunFormatVersion;
    meta.modelType = modelTypeName(m_options.model);
    meta.optionsJson = trainOptionsToJson(m_options);
    meta.nodeNormalizer = m_data.nodeNormalizer.toJson();
    meta.configNormalizer = m_data.kind == GraphKind::Tile ? m_data.configNormalizer.toJson() : "";
    meta.step = m_recorder.info().step;
    return meta;
}

void RunCheckpoints::saveLast(torch::nn::Module& model, FlatAdam& optimizer, RunStatus status) {
    if (!m_recorder.owner()) return;
    saveCheckpoint(m_recorder.info().runDir + "/last.pt", meta(), model, &optimizer);
    m_recorder.info().hasCheckpoint = true;
    m_recorder.writeState(status);
}

void RunCheckpoints::saveBest(torch::nn::Module& model) {
    if (m_recorder.owner())
        saveCheckpoint(m_recorder.info().runDir + "/best.pt", meta(), model, nullptr);
    m_recorder.info().hasBestCheckpoint = true;
}

void RunCheckpoints::restore(const std::string& checkpoint, torch::nn::Module& model,
                             FlatAdam& optimizer, const torch::Device& device) {
    const int64_t step =
        loadCheckpoint(checkpoint, modelTypeName(m_options.model), model, &optimizer, device).step;
    m_recorder.info().step = step;
    m_recorder.truncateHistory(step);
}

}  // namespace tpugraphs
