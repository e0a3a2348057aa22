// The torch profiler (Kineto's API; CPU operators through RecordFunction where LibTorch has no
// Kineto) started and stopped around a stretch of work, its events summed by name.
#include "model/op_profile.h"

#include <torch/csrc/autograd/profiler_kineto.h>
#include <torch/cuda.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace tpugraphs {

namespace {

namespace prof = torch::autograd::profiler;
using torch::profiler::impl::ActivityType;
using Clock = std::chrono::steady_clock;

// An event's duration in ms: LibTorch 2 reports nanoseconds (durationNs), 1.13 microseconds.
template <typename Event, typename = void>
struct HasDurationNs : std::false_type {};
template <typename Event>
struct HasDurationNs<Event, std::void_t<decltype(std::declval<const Event&>().durationNs())>>
    : std::true_type {};

template <typename Event>
double durationMs(const Event& event) {
    if constexpr (HasDurationNs<Event>::value)
        return static_cast<double>(event.durationNs()) / 1e6;
    else
        return static_cast<double>(event.durationUs()) / 1e3;
}

torch::profiler::impl::ProfilerConfig kinetoConfig() {
    return torch::profiler::impl::ProfilerConfig(torch::profiler::impl::ProfilerState::KINETO);
}

std::vector<OpTime> sorted(const std::map<std::string, OpTime>& byName) {
    std::vector<OpTime> out;
    out.reserve(byName.size());
    for (const auto& entry : byName) out.push_back(entry.second);
    std::sort(out.begin(), out.end(),
              [](const OpTime& a, const OpTime& b) { return a.totalMs > b.totalMs; });
    return out;
}

// The first line of a LibTorch error (its message is followed by a C++ stack).
std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string writeTrace(prof::ProfilerResult& result, const std::string& path) {
    const std::string temporary = path + ".tmp";
    try {
        result.save(temporary);
    } catch (const c10::Error& e) {
        std::filesystem::remove(temporary);
        return "no trace written: " + firstLine(e.what());
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error) return "no trace written: " + path + ": " + error.message();
    return "Chrome trace: " + path;
}

std::string fixed(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

// One table: name (shortened to 90 characters), calls and ms per step, share of `whole`.
void formatRows(std::ostringstream& out, const std::vector<OpTime>& rows, int count, int steps,
                double whole) {
    for (int i = 0; i < count && i < static_cast<int>(rows.size()); ++i) {
        const OpTime& row = rows[static_cast<size_t>(i)];
        std::string name = row.name.size() > 90 ? row.name.substr(0, 87) + "..." : row.name;
        out << "  " << fixed(row.totalMs / steps, 3) << " ms  "
            << fixed(whole > 0 ? 100.0 * row.totalMs / whole : 0.0, 1) << "%  "
            << fixed(static_cast<double>(row.calls) / steps, 1) << " calls  " << name << "\n";
    }
}

}  // namespace

struct OpProfiler::State {
    bool withDevices = false;
    bool running = false;
    Clock::time_point started;
    std::set<ActivityType> activities() const {
        std::set<ActivityType> set{ActivityType::CPU};
        if (withDevices) set.insert(ActivityType::CUDA);
        return set;
    }
};

OpProfiler::OpProfiler(bool withDevices) : state_(std::make_unique<State>()) {
    state_->withDevices = withDevices && torch::cuda::is_available();
}

OpProfiler::~OpProfiler() {
    if (state_->running) prof::disableProfiler();
}

bool OpProfiler::running() const { return state_->running; }

void OpProfiler::start() {
    if (state_->running) throw std::logic_error("OpProfiler::start: already running");
    const auto config = kinetoConfig();
    prof::prepareProfiler(config, state_->activities());
    if (state_->withDevices) torch::cuda::synchronize();
    prof::enableProfiler(config, state_->activities());
    state_->started = Clock::now();
    state_->running = true;
}

OpProfile OpProfiler::stop(const std::string& tracePath) {
    if (!state_->running) throw std::logic_error("OpProfiler::stop: not running");
    if (state_->withDevices) torch::cuda::synchronize();
    OpProfile profile;
    profile.wallMs = std::chrono::duration<double, std::milli>(Clock::now() - state_->started).count();
    std::unique_ptr<prof::ProfilerResult> result = prof::disableProfiler();
    state_->running = false;
    std::map<std::string, OpTime> cpu, device;
    for (const prof::KinetoEvent& event : result->events()) {
        const bool onDevice = event.deviceType() != c10::DeviceType::CPU;
        OpTime& row = (onDevice ? device : cpu)[event.name()];
        row.name = event.name();
        ++row.calls;
        row.totalMs += durationMs(event);
        if (onDevice) profile.deviceMs += durationMs(event);
    }
    profile.cpuOperators = sorted(cpu);
    profile.deviceKernels = sorted(device);
    if (!tracePath.empty()) profile.traceNote = writeTrace(*result, tracePath);
    return profile;
}

std::string formatOpProfile(const OpProfile& p, int steps, int rows) {
    steps = std::max(1, steps);
    std::ostringstream out;
    out << "profile over " << steps << " step(s): wall " << fixed(p.wallMs / steps, 2)
        << " ms per step";
    if (!p.deviceKernels.empty())
        out << ", GPU kernels and copies " << fixed(p.deviceMs / steps, 2) << " ms per step ("
            << fixed(p.wallMs > 0 ? 100.0 * p.deviceMs / p.wallMs : 0.0, 1) << "% busy)";
    out << "\n";
    if (!p.deviceKernels.empty()) {
        out << " GPU kernels and copies, per step, share of GPU time:\n";
        formatRows(out, p.deviceKernels, rows, steps, p.deviceMs);
    }
    out << " CPU operators (inclusive of the operators they call), per step, share of wall:\n";
    formatRows(out, p.cpuOperators, rows, steps, p.wallMs);
    if (!p.traceNote.empty()) out << " " << p.traceNote << "\n";
    return out.str();
}

}  // namespace tpugraphs
