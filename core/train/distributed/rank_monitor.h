// Liveness of the ranks of a process group, kept in the rendezvous store: each rank bumps a
// heartbeat counter every second from a thread of its own and publishes the step it is at, and
// a rank that fails by itself leaves its message there. After a collective fails, or while a
// rank waits on the store, this tells which rank failed, stopped or fell behind.
#pragma once

#include <torch/csrc/distributed/c10d/Store.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tpugraphs {

class RankMonitor {
public:
    // `store` is a connection of this monitor's own (its heartbeat must not queue behind a long
    // wait of the main thread). `storeHost` names who hosts the store, for messages.
    RankMonitor(c10::intrusive_ptr<c10d::Store> store, int rank, int worldSize,
                std::string storeHost);
    ~RankMonitor();
    RankMonitor(const RankMonitor&) = delete;
    RankMonitor& operator=(const RankMonitor&) = delete;

    void setStep(int64_t step) { m_step = step; }
    // Leaves this rank's own failure in the store for the others to name (best effort).
    void reportFailure(const std::string& message);
    // Cheap, for polling loops: why another rank is gone now (it left a failure, or its
    // heartbeat has not moved for kStaleAfter), or "" while all look alive.
    std::string checkPeers();
    // After a failed collective: one sentence naming the rank(s) that failed, stopped or are
    // behind, or "" when none can be named. Watches the heartbeats for a few seconds.
    std::string diagnose();

    static constexpr std::chrono::seconds kBeatInterval{1};
    static constexpr std::chrono::seconds kStaleAfter{15};

private:
    void beat();
    std::string failures();  // "rank r failed: message" of the ranks that left one, or ""
    std::vector<int64_t> beats();
    std::string unreachable(const std::exception& error) const;

    c10::intrusive_ptr<c10d::Store> m_store;
    const int m_rank, m_worldSize;
    const std::string m_storeHost;
    std::atomic<int64_t> m_step{0};
    std::vector<int64_t> m_lastBeats;  // checkPeers: last seen counter per rank, and when
    std::vector<std::chrono::steady_clock::time_point> m_lastChange;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::thread m_thread;
};

// The first line of an error's message, without the backtrace c10 errors carry.
std::string shortErrorText(const std::exception& error);
// A store value from text, and back (the store keeps bytes).
std::vector<uint8_t> storeBytes(const std::string& text);
std::string storeText(const std::vector<uint8_t>& bytes);

}  // namespace tpugraphs
