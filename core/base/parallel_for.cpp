// parallelFor: std::threads taking the next index from a shared counter.
#include "base/parallel_for.h"

#include "base/core_count.h"

#include <algorithm>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>
#include <vector>

namespace tpugraphs {

int resolveThreadCount(int threads) {
    if (threads > 0) return threads;
    return coresFor(CorePolicy::AllCores);
}

size_t parallelFor(size_t count, int threads, const std::function<void(size_t)>& body,
                   const std::atomic<bool>* cancel) {
    std::atomic<size_t> next{0}, completed{0};
    std::atomic<bool> failed{false};
    std::mutex mutex;
    size_t failedItem = std::numeric_limits<size_t>::max();
    std::exception_ptr error;
    auto work = [&] {
        while (!failed.load() && !(cancel && cancel->load())) {
            const size_t i = next++;
            if (i >= count) return;
            try {
                body(i);
                ++completed;
            } catch (...) {
                std::lock_guard<std::mutex> lock(mutex);
                if (i < failedItem) {
                    failedItem = i;
                    error = std::current_exception();
                }
                failed = true;
            }
        }
    };
    const size_t workers =
        std::min<size_t>(static_cast<size_t>(resolveThreadCount(threads)), count);
    std::vector<std::thread> pool;
    for (size_t t = 1; t < workers; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
    if (error) std::rethrow_exception(error);
    return completed.load();
}

}  // namespace tpugraphs
