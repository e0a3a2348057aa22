// Heartbeats, steps and failure messages of the ranks, through the rendezvous store.
#include "train/distributed/rank_monitor.h"

#include <c10/util/Exception.h>

#include "base/error_text.h"

namespace tpugraphs {

namespace {

std::string key(const char* kind, int rank) {
    return std::string("monitor/") + kind + "/" + std::to_string(rank);
}

std::string rankList(const std::vector<int>& ranks) {
    std::string list = ranks.size() == 1 ? "rank " : "ranks ";
    for (size_t i = 0; i < ranks.size(); ++i) list += (i ? ", " : "") + std::to_string(ranks[i]);
    return list;
}

std::string stopped(const std::vector<int>& ranks) {
    return rankList(ranks) +
           " stopped responding (a process died or was stopped, or a machine is unreachable)";
}

}  // namespace

std::string shortErrorText(const std::exception& error) {
    const auto* c10Error = dynamic_cast<const c10::Error*>(&error);
    return errorHeadline(c10Error ? c10Error->what_without_backtrace() : error.what());
}

RankMonitor::RankMonitor(c10::intrusive_ptr<c10d::Store> store, int rank, int worldSize,
                         std::string storeHost)
    : m_store(std::move(store)),
      m_rank(rank),
      m_worldSize(worldSize),
      m_storeHost(std::move(storeHost)),
      m_thread([this] { beat(); }) {}

RankMonitor::~RankMonitor() {
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void RankMonitor::beat() {
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_stop) {
        lock.unlock();
        try {
            m_store->add(key("beat", m_rank), 1);
            m_store->set(key("step", m_rank), storeBytes(std::to_string(m_step.load())));
        } catch (const std::exception&) {
            return;  // the store is gone: the main thread finds out through its own calls
        }
        lock.lock();
        m_wake.wait_for(lock, kBeatInterval, [this] { return m_stop; });
    }
}

void RankMonitor::reportFailure(const std::string& message) {
    try {
        m_store->set(key("error", m_rank), storeBytes(message));
    } catch (const std::exception&) {
        // the others will name this rank from its silent heartbeat instead
    }
}

std::string RankMonitor::failures() {
    std::string found;
    for (int r = 0; r < m_worldSize; ++r) {
        if (r == m_rank || !m_store->check({key("error", r)})) continue;
        found += (found.empty() ? "" : "; ") + ("rank " + std::to_string(r) + " failed: ") +
                 storeText(m_store->get(key("error", r)));
    }
    return found;
}

std::vector<int64_t> RankMonitor::beats() {
    std::vector<int64_t> counts(static_cast<size_t>(m_worldSize));
    for (int r = 0; r < m_worldSize; ++r) counts[r] = m_store->add(key("beat", r), 0);
    return counts;
}

std::string RankMonitor::unreachable(const std::exception& error) const {
    return "the rendezvous store hosted by " + m_storeHost + " does not answer (" +
           shortErrorText(error) + "): " + m_storeHost + " has stopped";
}

std::string RankMonitor::checkPeers() {
    try {
        const std::string failed = failures();
        if (!failed.empty()) return failed;
        const auto now = std::chrono::steady_clock::now();
        const std::vector<int64_t> counts = beats();
        if (m_lastBeats.empty()) {
            m_lastBeats = counts;
            m_lastChange.assign(counts.size(), now);
            return {};
        }
        std::vector<int> silent;
        for (int r = 0; r < m_worldSize; ++r) {
            if (counts[r] != m_lastBeats[r]) {
                m_lastBeats[r] = counts[r];
                m_lastChange[r] = now;
            } else if (r != m_rank && now - m_lastChange[r] > kStaleAfter) {
                silent.push_back(r);
            }
        }
        return silent.empty() ? std::string() : stopped(silent);
    } catch (const std::exception& error) {
        return unreachable(error);
    }
}

std::string RankMonitor::diagnose() {
    try {
        std::string failed = failures();
        if (!failed.empty()) return failed;
        const std::vector<int64_t> before = beats();
        // 2.5 beats: a live rank beats at least twice.
        std::this_thread::sleep_for(std::chrono::milliseconds(kBeatInterval) * 5 / 2);
        failed = failures();
        if (!failed.empty()) return failed;
        const std::vector<int64_t> after = beats();
        std::vector<int> silent;
        for (int r = 0; r < m_worldSize; ++r)
            if (r != m_rank && after[r] == before[r]) silent.push_back(r);
        if (!silent.empty()) return stopped(silent);
        std::string steps;
        for (int r = 0; r < m_worldSize; ++r)
            steps += (r ? ", " : "") + storeText(m_store->get(key("step", r)));
        return "every rank is alive (at steps " + steps + "): one is stuck or too slow";
    } catch (const std::exception& error) {
        return unreachable(error);
    }
}

std::vector<uint8_t> storeBytes(const std::string& text) {
    return {text.begin(), text.end()};
}

std::string storeText(const std::vector<uint8_t>& bytes) {
    return {bytes.begin(), bytes.end()};
}

}  // namespace tpugraphs
