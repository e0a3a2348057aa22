// Data-parallel training: agreements at start-up, the per-step gradient sum, the weight check
// and sharded validation over a DistributedGroup.
#include "train/distributed/data_parallel.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "model/flat_adam.h"
#include "model/torch_device.h"
#include "train/distributed/fingerprint.h"
#include "train/distributed/work_split.h"

namespace tpugraphs {

namespace {

// The work of one graph's share of a step or a validation, for splitting them over the ranks.
double workOf(const PreparedGraph& graph, size_t configs) {
    return static_cast<double>(graph.nodes) * static_cast<double>(configs);
}

// Options that may differ between ranks: where each machine keeps its files, and which GPU.
bool isLocalOption(const std::string& key) {
    return key == "dataset_root" || key == "run_dir" || key == "device";
}

std::string deviceKind(const std::string& device) {
    return device.substr(0, device.find(':'));
}

// "key: here X, rank 0 Y" for each option (but the local ones) that differs.
std::string differingOptions(const TrainOptions& mine, const TrainOptions& theirs) {
    const auto a = nlohmann::json::parse(trainOptionsToJson(mine));
    const auto b = nlohmann::json::parse(trainOptionsToJson(theirs));
    std::string differences;
    for (const auto& [key, value] : a.items()) {
        if (isLocalOption(key) || b.value(key, nlohmann::json()) == value) continue;
        differences += (differences.empty() ? "" : "; ") + key + " " + value.dump() +
                       " (rank 0: " + b.value(key, nlohmann::json()).dump() + ")";
    }
    if (deviceKind(mine.device) != deviceKind(theirs.device))
        differences += (differences.empty() ? "" : "; ") + std::string("device ") + mine.device +
                       " (rank 0: " + theirs.device + ")";
    return differences;
}

// EvalMetrics as doubles, for collectives: the graph kind, the graph count, then the metric
// table's values in table order. A sum over ranks where one rank packs and the others leave
// zeros gives that rank's metrics.
constexpr int kMetricFields = 2 + kMetricCount;

void packMetrics(const EvalMetrics& m, double* out) {
    out[0] = static_cast<double>(static_cast<int>(m.kind));
    out[1] = static_cast<double>(m.graphs);
    for (int i = 0; i < kMetricCount; ++i) out[2 + i] = metricValue(m, kMetricTable[i]);
}

EvalMetrics unpackMetrics(const double* in) {
    EvalMetrics m;
    m.kind = static_cast<GraphKind>(static_cast<int>(in[0]));
    m.graphs = static_cast<int>(in[1]);
    for (int i = 0; i < kMetricCount; ++i) m.*kMetricTable[i].field = in[2 + i];
    return m;
}

std::string hex(uint64_t value) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
    return text;
}

std::string atStep(int64_t step, const std::string& message) {
    return "step " + std::to_string(step) + ": " + message;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

DataParallel::DataParallel(const DistributedLaunch& launch, const std::atomic<bool>* cancel)
    : m_group(launch), m_cancel(cancel) {}

void DataParallel::agreeOnOptions(TrainOptions* options) {
    if (owner()) {
        m_group.publish("run/options", trainOptionsToJson(*options));
    } else {
        const TrainOptions theirs =
            trainOptionsFromJson(m_group.await("run/options"), "rank 0's options");
        if (options->resume) {
            TrainOptions adopted = theirs;
            if (!options->datasetRoot.empty()) adopted.datasetRoot = options->datasetRoot;
            adopted.runDir = options->runDir;
            adopted.resume = true;
            *options = adopted;
        } else {
            const std::string differences = differingOptions(*options, theirs);
            if (!differences.empty())
                throw std::invalid_argument(
                    "the options of rank " + std::to_string(m_group.rank()) +
                    " differ from rank 0's (every rank must get the same command): " + differences);
        }
    }
    m_group.barrier("run/options-agreed");
    if (options->batchGraphs < m_group.size())
        throw std::invalid_argument("--batch-graphs " + std::to_string(options->batchGraphs) +
                                    " (graphs per step, over all ranks) is less than the " +
                                    std::to_string(m_group.size()) +
                                    " ranks: each rank needs at least one graph per step");
}

torch::Device DataParallel::start(const TrainOptions& options,
                                  std::unique_ptr<FeatureNormalizer>* nodes,
                                  std::unique_ptr<FeatureNormalizer>* configs) {
    m_balanceBySpeed = options.balanceBySpeed;
    if (options.resume && owner()) {
        m_group.publish("run/node-normalizer", (*nodes)->toJson());
        m_group.publish("run/config-normalizer", *configs ? (*configs)->toJson() : "");
    } else if (options.resume) {
        *nodes = std::make_unique<FeatureNormalizer>(
            FeatureNormalizer::fromJson(m_group.await("run/node-normalizer")));
        const std::string config = m_group.await("run/config-normalizer");
        if (!config.empty())
            *configs = std::make_unique<FeatureNormalizer>(FeatureNormalizer::fromJson(config));
    }
    const torch::Device device = parseTorchDevice(m_group.launch().deviceFor(options.device));
    m_group.barrier("run/connect");
    m_group.startCollectives(device);
    return device;
}

void DataParallel::checkSameData(const TrainingData& data) {
    uint64_t hash = fingerprint(data.nodeNormalizer.toJson());
    hash = fingerprint(data.configNormalizer.toJson(), hash);
    for (size_t i = 0; i < data.train.size(); ++i) {
        const ConfigSet& set = data.trainSets[i];
        hash = fingerprint(data.train[i].name, hash);
        hash = fingerprint(&data.train[i].nodes, sizeof data.train[i].nodes, hash);
        hash = fingerprint(set.configs.data(), set.configs.size() * sizeof set.configs[0], hash);
        hash = fingerprint(set.runtime.data(), set.runtime.size() * sizeof set.runtime[0], hash);
    }
    for (const EvalItem& item : data.validation) {
        hash = fingerprint(item.graph->name, hash);
        hash = fingerprint(item.set.runtime.data(), item.set.runtime.size() * sizeof(double), hash);
    }
    const std::string mine = std::to_string(data.train.size()) + " train graphs (" +
                             std::to_string(data.trainConfigs()) + " configs), " +
                             std::to_string(data.validation.size()) +
                             " validation graphs, fingerprint " + hex(hash);
    if (owner()) {
        m_group.publish("run/data", mine);
    } else {
        const std::string theirs = m_group.await("run/data");
        if (theirs != mine)
            throw std::runtime_error("the training data loaded by rank " +
                                     std::to_string(m_group.rank()) +
                                     " differ from rank 0's: " + mine + " here, " + theirs +
                                     " on rank 0 (every machine needs the same dataset files)");
    }
    m_group.barrier("run/data-agreed");
}

void DataParallel::broadcastState(FlatAdam& optimizer, RunInfo* info) {
    auto position = torch::zeros({3 + kMetricFields}, torch::kDouble);
    double* p = position.data_ptr<double>();
    if (owner()) {
        p[0] = static_cast<double>(info->step);
        p[1] = static_cast<double>(info->bestStep);
        p[2] = static_cast<double>(optimizer.steps());
        packMetrics(info->best, p + 3);
    }
    position = position.to(m_group.device());
    const FlatAdam::Buffers buffers = optimizer.buffers();
    m_group.broadcast({buffers.values, buffers.firstMoment, buffers.secondMoment, position}, 0);
    position = position.cpu();
    p = position.data_ptr<double>();
    info->step = static_cast<int64_t>(p[0]);
    info->bestStep = static_cast<int64_t>(p[1]);
    optimizer.setSteps(static_cast<int64_t>(p[2]));
    info->best = unpackMetrics(p + 3);
}

std::vector<bool> DataParallel::mineOf(const std::vector<double>& costs) const {
    const std::vector<int> owners = balancedOwners(costs, m_group.size());
    std::vector<bool> mine(owners.size());
    for (size_t i = 0; i < owners.size(); ++i) mine[i] = owners[i] == m_group.rank();
    return mine;
}

std::vector<BatchItem> DataParallel::share(const std::vector<BatchItem>& items) {
    const size_t ranks = static_cast<size_t>(m_group.size());
    std::vector<double> costs;
    for (const BatchItem& item : items) costs.push_back(workOf(*item.graph, item.configs.size()));
    // Seconds per unit of work of each rank once every rank has done some: the same values on
    // every rank (the times come from an all-reduce), so the same split.
    std::vector<double> secondsPerUnit;
    if (m_balanceBySpeed && m_recentWork.size() == ranks &&
        std::all_of(m_recentWork.begin(), m_recentWork.end(), [](double w) { return w > 0; }))
        for (size_t r = 0; r < ranks; ++r)
            secondsPerUnit.push_back(m_recentSeconds[r] / m_recentWork[r]);
    const std::vector<int> owners = balancedOwners(costs, m_group.size(), secondsPerUnit);
    m_stepWork.assign(ranks, 0.0);
    std::vector<BatchItem> share;
    for (size_t i = 0; i < items.size(); ++i) {
        m_stepWork[static_cast<size_t>(owners[i])] += costs[i];
        if (owners[i] == m_group.rank()) share.push_back(items[i]);
    }
    return share;
}

void DataParallel::learnRankSpeeds(const torch::Tensor& times) {
    const size_t ranks = static_cast<size_t>(m_group.size());
    if (m_stepWork.size() != ranks) return;  // no share() since the last step
    m_recentSeconds.resize(ranks, 0.0);
    m_recentWork.resize(ranks, 0.0);
    for (size_t r = 0; r < ranks; ++r) {
        if (m_stepWork[r] <= 0) continue;  // an empty share's time is the step's overhead
        m_recentSeconds[r] = kSpeedMemory * m_recentSeconds[r] + times[int64_t(r)].item<double>();
        m_recentWork[r] = kSpeedMemory * m_recentWork[r] + m_stepWork[r];
    }
    m_stepWork.clear();
}

void DataParallel::beginStep(int64_t step) {
    m_group.setStep(step);
    m_computeStart = std::chrono::steady_clock::now();
}

double DataParallel::sumGradients(FlatAdam& optimizer, double lossShare, int64_t step) {
    const auto start = std::chrono::steady_clock::now();
    const double computeSeconds = std::chrono::duration<double>(start - m_computeStart).count();
    const torch::Tensor gradients = optimizer.buffers().gradients;
    // The loss share, the stop request, then each rank's compute time of the step at its own
    // index: the sum gives every rank the batch's loss, whether any rank asked to stop, and all
    // ranks' times, in the same collective.
    auto shared = torch::zeros({2 + m_group.size()}, torch::kDouble);
    shared[0] = lossShare;
    shared[1] = stopAsked() ? 1.0 : 0.0;
    shared[2 + m_group.rank()] = computeSeconds;
    shared = shared.to(m_group.device());
    try {
        m_group.allReduceSum({gradients, shared});
    } catch (const DistributedError& error) {
        throw DistributedError(atStep(step, error.what()));
    }
    const torch::Tensor values = shared.cpu();
    const double total = values[0].item<double>();
    m_stop = m_stop || values[1].item<double>() > 0;
    const torch::Tensor times = values.slice(0, 2);
    const double slowest = times.max().item<double>(), mean = times.mean().item<double>();
    m_collectiveSeconds += secondsSince(start);
    m_waitingSeconds += slowest - computeSeconds;
    if (mean > 0) m_slowestOverMean += slowest / mean;
    learnRankSpeeds(times);
    m_bytesPerStep = static_cast<int64_t>(gradients.nbytes() + shared.nbytes());
    ++m_steps;
    return total;
}

void DataParallel::checkWeights(const FlatAdam& optimizer, int64_t step, bool last) {
    if (!last && step % kWeightCheckInterval != 0) return;
    const torch::Tensor values = optimizer.buffers().values.cpu().contiguous();
    auto hashes = torch::zeros({m_group.size()}, torch::kInt64);
    hashes.data_ptr<int64_t>()[m_group.rank()] =
        static_cast<int64_t>(fingerprint(values.data_ptr(), values.nbytes()));
    hashes = hashes.to(m_group.device());
    try {
        m_group.allReduceSum({hashes});
    } catch (const DistributedError& error) {
        throw DistributedError(atStep(step, error.what()));
    }
    hashes = hashes.cpu();
    const int64_t* hash = hashes.data_ptr<int64_t>();
    std::string diverged;
    for (int r = 1; r < m_group.size(); ++r)
        if (hash[r] != hash[0]) diverged += (diverged.empty() ? "" : ", ") + std::to_string(r);
    if (!diverged.empty())
        throw DistributedError(atStep(
            step, "the weights of rank(s) " + diverged +
                      " differ from rank 0's: the ranks computed different updates from the same "
                      "gradients (machines with other CPU types or library versions?); resume "
                      "from the last checkpoint, on identical machines"));
}

std::vector<bool> DataParallel::validationShare(const std::vector<EvalItem>& items) const {
    std::vector<double> costs;
    for (const EvalItem& item : items)
        costs.push_back(workOf(*item.graph, item.set.configs.size()));
    return mineOf(costs);
}

void DataParallel::gatherMetrics(std::vector<EvalMetrics>* perGraph,
                                 const std::vector<bool>& mine) {
    const int64_t graphs = static_cast<int64_t>(perGraph->size());
    auto table = torch::zeros({graphs * kMetricFields + 1}, torch::kDouble);
    double* rows = table.data_ptr<double>();
    for (int64_t i = 0; i < graphs; ++i)
        if (mine[i]) packMetrics((*perGraph)[i], rows + i * kMetricFields);
    rows[graphs * kMetricFields] = stopAsked() ? 1.0 : 0.0;
    table = table.to(m_group.device());
    m_group.allReduceSum({table});
    table = table.cpu();
    rows = table.data_ptr<double>();
    for (int64_t i = 0; i < graphs; ++i) (*perGraph)[i] = unpackMetrics(rows + i * kMetricFields);
    m_stop = m_stop || rows[graphs * kMetricFields] > 0;
}

void DataParallel::failed(const std::exception& error) {
    if (!dynamic_cast<const DistributedError*>(&error)) m_group.reportFailure(error.what());
}

}  // namespace tpugraphs
