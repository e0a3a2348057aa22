// Checkpoint files: one LibTorch archive per checkpoint, written atomically.
#include "train/checkpoint.h"

#include <torch/serialize/input-archive.h>
#include <torch/serialize/output-archive.h>

#include <cstdio>
#include <filesystem>

#include "base/atomic_file.h"
#include "model/flat_adam.h"
#include "train/run_directory.h"

namespace tpugraphs {

namespace {

std::string readString(torch::serialize::InputArchive& archive, const char* key,
                       const std::string& path) {
    c10::IValue value;
    if (!archive.try_read(key, value) || !value.isString())
        throw RunError(path + ": checkpoint has no '" + key + "' entry");
    return value.toStringRef();
}

int64_t readInt(torch::serialize::InputArchive& archive, const char* key, const std::string& path) {
    c10::IValue value;
    if (!archive.try_read(key, value) || !value.isInt())
        throw RunError(path + ": checkpoint has no '" + key + "' entry");
    return value.toInt();
}

CheckpointMeta readMeta(torch::serialize::InputArchive& archive, const std::string& path) {
    CheckpointMeta meta;
    meta.formatVersion = readInt(archive, "format_version", path);
    if (meta.formatVersion != kRunFormatVersion)
        throw RunError(path + ": checkpoint format version " + std::to_string(meta.formatVersion) +
                       ", this build reads version " + std::to_string(kRunFormatVersion));
    meta.modelType = readString(archive, "model_type", path);
    meta.optionsJson = readString(archive, "options", path);
    meta.nodeNormalizer = readString(archive, "node_normalizer", path);
    meta.configNormalizer = readString(archive, "config_normalizer", path);
    meta.step = readInt(archive, "step", path);
    return meta;
}

void openArchive(torch::serialize::InputArchive& archive, const std::string& path,
                 const torch::Device& device) {
    if (!std::filesystem::exists(path)) throw RunError(path + ": checkpoint not found");
    try {
        archive.load_from(path, device);
    } catch (const c10::Error& e) {
        throw RunError(path + ": not a readable checkpoint: " + e.what_without_backtrace());
    }
}

}  // namespace

void saveCheckpoint(const std::string& path, const CheckpointMeta& meta, torch::nn::Module& model,
                    FlatAdam* optimizer) {
    torch::serialize::OutputArchive archive;
    archive.write("format_version", c10::IValue(meta.formatVersion));
    archive.write("model_type", c10::IValue(meta.modelType));
    archive.write("options", c10::IValue(meta.optionsJson));
    archive.write("node_normalizer", c10::IValue(meta.nodeNormalizer));
    archive.write("config_normalizer", c10::IValue(meta.configNormalizer));
    archive.write("step", c10::IValue(meta.step));
    torch::serialize::OutputArchive weights;
    model.save(weights);
    archive.write("model", weights);
    if (optimizer) {
        torch::serialize::OutputArchive state;
        optimizer->save(state);
        archive.write("optimizer", state);
    }
    // Serialised to memory first: LibTorch's zip writer finishes an archive in a destructor,
    // where a failing disk write cannot be caught (std::terminate); the one writer then puts
    // the bytes on the disk, keeping the previous checkpoint beside the new one.
    std::string bytes;
    try {
        archive.save_to([&bytes](const void* data, size_t size) {
            bytes.append(static_cast<const char*>(data), size);
            return size;
        });
    } catch (const c10::Error& e) {
        throw RunError(path + ": cannot serialise the checkpoint: " + e.what_without_backtrace());
    }
    WriteOptions options;
    options.keepPrevious = true;
    writeFileAtomically(path, bytes, options);
}

CheckpointMeta readCheckpointMeta(const std::string& path) {
    torch::serialize::InputArchive archive;
    openArchive(archive, path, torch::kCPU);
    return readMeta(archive, path);
}

CheckpointMeta loadCheckpoint(const std::string& path, const std::string& expectedModelType,
                              torch::nn::Module& model, FlatAdam* optimizer,
                              const torch::Device& device) {
    torch::serialize::InputArchive archive;
    openArchive(archive, path, device);
    CheckpointMeta meta = readMeta(archive, path);
    if (meta.modelType != expectedModelType)
        throw RunError(path + ": checkpoint holds a '" + meta.modelType + "' model, expected '" +
                       expectedModelType + "'");
    try {
        torch::serialize::InputArchive weights;
        archive.read("model", weights);
        model.load(weights);
    } catch (const c10::Error& e) {
        throw RunError(path +
                       ": checkpoint weights do not fit the model: " + e.what_without_backtrace());
    }
    if (optimizer) {
        optimizer->rebind();
        torch::serialize::InputArchive state;
        try {
            if (archive.try_read("optimizer", state)) optimizer->load(state);
        } catch (const std::exception& e) {
            throw RunError(path + ": checkpoint optimiser state does not fit: " + e.what());
        }
    }
    return meta;
}

}  // namespace tpugraphs
