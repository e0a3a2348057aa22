// Checkpoint files: one LibTorch archive per checkpoint, written atomically.
#include "train/checkpoint.h"

#include <torch/serialize/input-archive.h>
#include <torch/serialize/output-archive.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "base/atomic_file.h"
#include "data/crc32.h"
#include "data/regular_file.h"
#include "data/zip_integrity.h"
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

// Opens the checkpoint at `path` after checking every zip member against its CRC-32 (LibTorch's
// reader does not: flipped bits in the weights would load silently). The file's bytes go to
// *bytes, which the archive reads from: the caller keeps them while it uses the archive.
void openArchive(torch::serialize::InputArchive& archive, const std::string& path,
                 const torch::Device& device, std::string* bytes) {
    const std::string notRegular = notRegularFileProblem(path);
    if (!notRegular.empty())
        throw RunError(
            path + (std::filesystem::exists(path) ? ": " + notRegular : ": checkpoint not found"));
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) throw RunError(path + ": cannot read the checkpoint");
    *bytes = text.str();
    const std::string& data = *bytes;
    const std::string problem = zipIntegrityProblem(data.data(), data.size());
    if (!problem.empty()) throw RunError(path + ": damaged checkpoint: " + problem);
    try {
        archive.load_from(data.data(), data.size(), device);
    } catch (const c10::Error& e) {
        throw RunError(path + ": not a readable checkpoint: " + e.what_without_backtrace());
    }
}

// The CRC-32 of the model's parameters and buffers (names, shapes and values, in order): written
// with the checkpoint and compared after loading it.
int64_t weightsChecksum(torch::nn::Module& model) {
    uint32_t crc = 0;
    const auto add = [&crc](const std::string& name, const torch::Tensor& tensor) {
        crc = crc32Of(name.data(), name.size(), crc);
        const torch::Tensor values = tensor.detach().to(torch::kCPU).contiguous();
        const auto sizes = values.sizes();
        crc = crc32Of(sizes.data(), sizes.size() * sizeof(int64_t), crc);
        crc = crc32Of(values.data_ptr(), values.numel() * values.element_size(), crc);
    };
    for (const auto& item : model.named_parameters(true)) add(item.key(), item.value());
    for (const auto& item : model.named_buffers(true)) add(item.key(), item.value());
    return crc;
}

std::string shapeText(c10::IntArrayRef sizes) {
    std::string text = "[";
    for (size_t i = 0; i < sizes.size(); ++i) text += (i ? ", " : "") + std::to_string(sizes[i]);
    return text + "]";
}

// Loads the weights of `archive` into `model`. LibTorch replaces each tensor with the stored one
// whatever its shape (a mismatch then fails deep in a forward pass), so every shape is compared
// with the one the run's options gave the model, and the content checksum written with the
// checkpoint (when it has one) with the loaded values.
void loadWeights(torch::serialize::InputArchive& archive, torch::nn::Module& model,
                 const std::string& path) {
    std::map<std::string, std::vector<int64_t>> expected;
    for (const auto& item : model.named_parameters(true))
        expected[item.key()] = item.value().sizes().vec();
    for (const auto& item : model.named_buffers(true))
        expected[item.key()] = item.value().sizes().vec();
    try {
        torch::serialize::InputArchive weights;
        archive.read("model", weights);
        model.load(weights);
    } catch (const c10::Error& e) {
        throw RunError(path +
                       ": checkpoint weights do not fit the model: " + e.what_without_backtrace());
    }
    const auto compare = [&](const std::string& name, const torch::Tensor& loaded) {
        const auto it = expected.find(name);
        if (it != expected.end() && loaded.sizes().vec() != it->second)
            throw RunError(path + ": checkpoint tensor '" + name + "' has shape " +
                           shapeText(loaded.sizes()) + " where the run's options.json gives " +
                           shapeText(it->second) +
                           " (the checkpoint and the options are of different models)");
    };
    for (const auto& item : model.named_parameters(true)) compare(item.key(), item.value());
    for (const auto& item : model.named_buffers(true)) compare(item.key(), item.value());
    c10::IValue stored;
    if (archive.try_read("weights_checksum", stored) && stored.isInt() &&
        stored.toInt() != weightsChecksum(model))
        throw RunError(path +
                       ": damaged checkpoint: the weights do not match the checksum "
                       "written with them");
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
    archive.write("weights_checksum", c10::IValue(weightsChecksum(model)));
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
    std::string bytes;  // outlives the archive that reads it
    torch::serialize::InputArchive archive;
    openArchive(archive, path, torch::kCPU, &bytes);
    return readMeta(archive, path);
}

CheckpointMeta loadCheckpoint(const std::string& path, const std::string& expectedModelType,
                              torch::nn::Module& model, FlatAdam* optimizer,
                              const torch::Device& device) {
    std::string bytes;  // outlives the archive that reads it
    torch::serialize::InputArchive archive;
    openArchive(archive, path, device, &bytes);
    CheckpointMeta meta = readMeta(archive, path);
    if (meta.modelType != expectedModelType)
        throw RunError(path + ": checkpoint holds a '" + meta.modelType + "' model, expected '" +
                       expectedModelType + "'");
    loadWeights(archive, model, path);
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
