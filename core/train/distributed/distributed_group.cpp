// The process group: TCPStore rendezvous, heartbeat monitor, Gloo or NCCL collectives.
#include "train/distributed/distributed_group.h"

#include <torch/version.h>
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroup.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#ifdef TPUGRAPHS_C10D_GLOO
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#endif
#ifdef TPUGRAPHS_C10D_NCCL
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <sstream>
#include <thread>

#include "train/distributed/rank_monitor.h"

namespace tpugraphs {

namespace {

using Store = c10::intrusive_ptr<c10d::Store>;
// What Gloo and NCCL are: ProcessGroups in LibTorch 1.x (Debian's 1.13), Backends (which a
// ProcessGroup wraps) from 2.0 on (the CUDA wheels). Either has allreduce and broadcast.
#if TORCH_VERSION_MAJOR >= 2
using Collectives = c10d::Backend;
#else
using Collectives = c10d::ProcessGroup;
#endif

Store prefixed(const std::string& prefix, const Store& store) {
    return c10::make_intrusive<c10d::PrefixStore>(prefix, store);
}

#ifdef TPUGRAPHS_C10D_GLOO
bool isLoopback(const std::string& host) {
    return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

// As torch.distributed does: the interfaces of GLOO_SOCKET_IFNAME when set, else the address
// this host's name resolves to; on one machine (a loopback master) the loopback address.
std::vector<std::shared_ptr<::gloo::transport::Device>> glooDevices(const std::string& master) {
    std::vector<std::shared_ptr<::gloo::transport::Device>> devices;
    const char* interfaces = std::getenv("GLOO_SOCKET_IFNAME");
    if (interfaces && *interfaces) {
        std::stringstream list(interfaces);
        std::string name;
        while (std::getline(list, name, ','))
            devices.push_back(c10d::ProcessGroupGloo::createDeviceForInterface(name));
    } else if (isLoopback(master)) {
        devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname(master));
    } else {
        devices.push_back(c10d::ProcessGroupGloo::createDefaultDevice());
    }
    return devices;
}
#endif

}  // namespace

struct DistributedGroup::Impl {
    DistributedLaunch launch;
    std::chrono::milliseconds timeout;
    std::string storeHost;
    // Destroyed in reverse order: the collectives first (their connections close, so blocked
    // peers fail at once), the store last (rank 0 may host it).
    Store store;  // the connection of the main thread, keys under "tpugraphs/"
    std::unique_ptr<RankMonitor> monitor;
    c10::intrusive_ptr<Collectives> collectives;
    torch::Device device{torch::kCPU};

    // A connection to the store; `main` hosts it on rank 0 (unless the launcher does) and
    // registers as one of the ranks the host waits for.
    Store connect(bool main) const {
        c10d::TCPStoreOptions options;
        options.port = static_cast<uint16_t>(launch.masterPort);
        options.isServer = main && launch.owner() && !launch.agentStore;
        if (main) options.numWorkers = static_cast<size_t>(launch.worldSize);
        options.waitWorkers = main;
        options.timeout = main ? timeout : std::chrono::milliseconds(std::chrono::seconds(30));
        Store tcp = c10::make_intrusive<c10d::TCPStore>(launch.masterAddr, options);
        if (launch.agentStore)
            tcp = prefixed("/worker/attempt_" + std::to_string(launch.restartCount), tcp);
        return prefixed("tpugraphs", tcp);
    }

    [[noreturn]] void fail(const std::string& what, const std::exception& error) const {
        throw DistributedError("distributed training stopped: " + monitor->diagnose() + " (" +
                               what + ": " + shortErrorText(error) + ")");
    }
};

DistributedGroup::DistributedGroup(const DistributedLaunch& launch) : m_impl(new Impl) {
    // A write to a dead rank's socket must fail (and be reported, naming the rank), not kill
    // this process: Gloo writes with writev, which raises SIGPIPE. Python ignores SIGPIPE, so
    // PyTorch's ranks always run this way.
    std::signal(SIGPIPE, SIG_IGN);
    Impl& d = *m_impl;
    d.launch = launch;
    d.timeout = std::chrono::seconds(launch.timeoutSeconds);
    const std::string where = launch.masterAddr + ":" + std::to_string(launch.masterPort);
    d.storeHost = (launch.agentStore ? "the launcher at " : "rank 0 at ") + where;
    try {
        d.store = d.connect(true);
        d.monitor = std::make_unique<RankMonitor>(d.connect(false), launch.rank, launch.worldSize,
                                                  d.storeHost);
    } catch (const std::exception& error) {
        throw std::runtime_error(
            "rank " + std::to_string(launch.rank) + ": rendezvous of " +
            std::to_string(launch.worldSize) + " ranks through the store at " + where +
            (launch.owner() && !launch.agentStore ? " (hosted by this rank)" : "") +
            " failed: " + shortErrorText(error));
    }
}

DistributedGroup::~DistributedGroup() = default;

int DistributedGroup::rank() const {
    return m_impl->launch.rank;
}

int DistributedGroup::size() const {
    return m_impl->launch.worldSize;
}

const DistributedLaunch& DistributedGroup::launch() const {
    return m_impl->launch;
}

void DistributedGroup::publish(const std::string& key, const std::string& value) {
    try {
        m_impl->store->set(key, storeBytes(value));
    } catch (const std::exception& error) {
        m_impl->fail("publishing '" + key + "'", error);
    }
}

std::string DistributedGroup::await(const std::string& key) {
    using namespace std::chrono;
    auto lastCheck = steady_clock::now();
    try {
        while (!m_impl->store->check({key})) {
            std::this_thread::sleep_for(milliseconds(50));
            if (steady_clock::now() - lastCheck < seconds(1)) continue;
            lastCheck = steady_clock::now();
            const std::string gone = m_impl->monitor->checkPeers();
            if (!gone.empty())
                throw DistributedError("distributed training stopped: " + gone +
                                       " (while waiting for '" + key + "')");
        }
        return storeText(m_impl->store->get(key));
    } catch (const DistributedError&) {
        throw;
    } catch (const std::exception& error) {
        m_impl->fail("waiting for '" + key + "'", error);
    }
}

void DistributedGroup::barrier(const std::string& name) {
    publish(name + "/" + std::to_string(rank()), "");
    for (int r = 0; r < size(); ++r) await(name + "/" + std::to_string(r));
}

void DistributedGroup::reportFailure(const std::string& message) {
    m_impl->monitor->reportFailure(message);
}

void DistributedGroup::setStep(int64_t step) {
    m_impl->monitor->setStep(step);
}

void DistributedGroup::startCollectives(const torch::Device& device) {
    Impl& d = *m_impl;
    d.device = device;
    try {
        if (device.is_cuda()) {
#ifdef TPUGRAPHS_C10D_NCCL
            auto options = c10d::ProcessGroupNCCL::Options::create();
            options->timeout = d.timeout;
            d.collectives = c10::make_intrusive<c10d::ProcessGroupNCCL>(
                prefixed("nccl", d.store), d.launch.rank, d.launch.worldSize, options);
#else
            throw std::runtime_error(
                "--device cuda in a process group needs NCCL, and this build has none (its "
                "LibTorch has no CUDA, or nccl.h was not found when it was built)");
#endif
        } else {
#ifdef TPUGRAPHS_C10D_GLOO
            auto options = c10d::ProcessGroupGloo::Options::create(d.timeout);
            options->devices = glooDevices(d.launch.masterAddr);
            options->threads = static_cast<int>(2 * options->devices.size());
            d.collectives = c10::make_intrusive<c10d::ProcessGroupGloo>(
                prefixed("gloo", d.store), d.launch.rank, d.launch.worldSize, options);
#else
            throw std::runtime_error(
                "a process group on CPU needs Gloo, and this build has none (Gloo's headers were "
                "not found when it was built: install libgloo-dev), so train with --device cuda");
#endif
        }
    } catch (const std::exception& error) {
        d.fail("connecting the " + std::string(device.is_cuda() ? "NCCL" : "Gloo") + " collectives",
               error);
    }
}

const torch::Device& DistributedGroup::device() const {
    return m_impl->device;
}

void DistributedGroup::allReduceSum(const std::vector<torch::Tensor>& tensors) {
    std::vector<c10::intrusive_ptr<c10d::Work>> works;
    try {
        for (const auto& tensor : tensors) {
            std::vector<at::Tensor> one{tensor};
            works.push_back(m_impl->collectives->allreduce(one));
        }
        for (auto& work : works) work->wait();
    } catch (const std::exception& error) {
        m_impl->fail("all-reduce", error);
    }
}

void DistributedGroup::broadcast(const std::vector<torch::Tensor>& tensors, int root) {
    std::vector<c10::intrusive_ptr<c10d::Work>> works;
    c10d::BroadcastOptions options;
    options.rootRank = root;
    try {
        for (const auto& tensor : tensors) {
            std::vector<at::Tensor> one{tensor};
            works.push_back(m_impl->collectives->broadcast(one, options));
        }
        for (auto& work : works) work->wait();
    } catch (const std::exception& error) {
        m_impl->fail("broadcast", error);
    }
}

}  // namespace tpugraphs
