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

// An event's start and duration in ms: LibTorch 2 reports nanoseconds (startNs, durationNs),
// 1.13 microseconds.
template <typename Event, typename = void>
struct HasNanoseconds : std::false_type {};
template <typename Event>
struct HasNanoseconds<Event, std::void_t<decltype(std::declval<const Event&>().durationNs())>>
    : std::true_type {};

struct SpanMs {
    double start = 0, duration = 0;
};

template <typename Event>
SpanMs spanMs(const Event& event) {
    if constexpr (HasNanoseconds<Event>::value)
        return {static_cast<double>(event.startNs()) / 1e6,
                static_cast<double>(event.durationNs()) / 1e6};
    else
        return {static_cast<double>(event.startUs()) / 1e3,
                static_cast<double>(event.durationUs()) / 1e3};
}

// One CPU operator call: when, how long, on which thread, and its callees' time.
struct Call {
    std::string name;
    uint64_t thread = 0;
    double start = 0, duration = 0, callees = 0;
};

// Each call's callees: the calls on its thread that start inside it, one level down.
void attributeCallees(std::vector<Call>& calls) {
    std::sort(calls.begin(), calls.end(), [](const Call& a, const Call& b) {
        if (a.thread != b.thread) return a.thread < b.thread;
        if (a.start != b.start) return a.start < b.start;
        return a.duration > b.duration;  // the caller first when both start together
    });
    std::vector<Call*> open;  // the calls enclosing the current one, outermost first
    for (Call& call : calls) {
        while (!open.empty() && (open.back()->thread != call.thread ||
                                 open.back()->start + open.back()->duration <= call.start))
            open.pop_back();
        if (!open.empty()) open.back()->callees += call.duration;
        open.push_back(&call);
    }
}

torch::profiler::impl::ProfilerConfig kinetoConfig() {
    return torch::profiler::impl::ProfilerConfig(torch::profiler::impl::ProfilerState::KINETO);
}

std::vector<OpTime> bySelfTime(const std::map<std::string, OpTime>& byName) {
    std::vector<OpTime> out;
    out.reserve(byName.size());
    for (const auto& entry : byName) out.push_back(entry.second);
    std::sort(out.begin(), out.end(),
              [](const OpTime& a, const OpTime& b) { return a.selfMs > b.selfMs; });
    return out;
}

// The first line of a LibTorch error (its message is followed by a C++ stack).
std::string firstLine(const std::string& text) {
    return text.substr(0, text.find('\n'));
}

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

// One table: own ms per step and share of `whole`, then (with `inclusive`) ms per step with the
// callees, calls per step and the name (shortened to 90 characters).
void formatRows(std::ostringstream& out, const std::vector<OpTime>& rows, int count, int steps,
                double whole, bool inclusive) {
    for (int i = 0; i < count && i < static_cast<int>(rows.size()); ++i) {
        const OpTime& row = rows[static_cast<size_t>(i)];
        std::string name = row.name.size() > 90 ? row.name.substr(0, 87) + "..." : row.name;
        out << "  " << fixed(row.selfMs / steps, 3) << " ms  "
            << fixed(whole > 0 ? 100.0 * row.selfMs / whole : 0.0, 1) << "%  ";
        if (inclusive) out << "(" << fixed(row.totalMs / steps, 3) << " ms with callees)  ";
        out << fixed(static_cast<double>(row.calls) / steps, 1) << " calls  " << name << "\n";
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

bool OpProfiler::running() const {
    return state_->running;
}

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
    profile.wallMs =
        std::chrono::duration<double, std::milli>(Clock::now() - state_->started).count();
    std::unique_ptr<prof::ProfilerResult> result = prof::disableProfiler();
    state_->running = false;
    std::map<std::string, OpTime> cpu, device;
    std::vector<Call> calls;
    for (const prof::KinetoEvent& event : result->events()) {
        const SpanMs span = spanMs(event);
        if (event.deviceType() != c10::DeviceType::CPU) {
            OpTime& row = device[event.name()];
            row.name = event.name();
            ++row.calls;
            row.totalMs += span.duration;
            row.selfMs = row.totalMs;
            profile.deviceMs += span.duration;
        } else if (!event.isAsync()) {
            calls.push_back({event.name(), event.startThreadId(), span.start, span.duration, 0.0});
        }
    }
    attributeCallees(calls);
    for (const Call& call : calls) {
        OpTime& row = cpu[call.name];
        row.name = call.name;
        ++row.calls;
        row.totalMs += call.duration;
        row.selfMs += std::max(0.0, call.duration - call.callees);
    }
    profile.cpuOperators = bySelfTime(cpu);
    profile.deviceKernels = bySelfTime(device);
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
        formatRows(out, p.deviceKernels, rows, steps, p.deviceMs, false);
    }
    out << " CPU operators by their own time (without their callees), per step, share of wall (on "
           "parallel threads the shares add up past 100 %):\n";
    formatRows(out, p.cpuOperators, rows, steps, p.wallMs, true);
    if (!p.traceNote.empty()) out << " " << p.traceNote << "\n";
    return out.str();
}

}  // namespace tpugraphs
