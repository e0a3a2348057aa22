// Reading the launcher's environment variables.
#include "train/distributed/distributed_launch.h"

#include <cstdlib>
#include <stdexcept>

namespace tpugraphs {

namespace {

const char* variable(const char* name) {
    const char* value = std::getenv(name);
    return value && *value ? value : nullptr;
}

int integer(const char* name, int fallback, int low, int high) {
    const char* text = variable(name);
    if (!text) return fallback;
    char* end = nullptr;
    const long value = std::strtol(text, &end, 10);
    if (*end != '\0' || value < low || value > high)
        throw std::invalid_argument(std::string(name) + "='" + text + "' is not an integer in [" +
                                    std::to_string(low) + ", " + std::to_string(high) + "]");
    return static_cast<int>(value);
}

}  // namespace

std::string DistributedLaunch::deviceFor(const std::string& device) const {
    if (!distributed() || device != "cuda") return device;
    return "cuda:" + std::to_string(localRank);
}

DistributedLaunch distributedLaunchFromEnvironment() {
    DistributedLaunch launch;
    if (!variable("RANK") && !variable("WORLD_SIZE")) return launch;
    if (!variable("RANK") || !variable("WORLD_SIZE"))
        throw std::invalid_argument(
            "RANK and WORLD_SIZE must be set together (the launcher's variables)");
    launch.worldSize = integer("WORLD_SIZE", 1, 1, 1 << 20);
    launch.rank = integer("RANK", 0, 0, launch.worldSize - 1);
    launch.localRank = integer("LOCAL_RANK", 0, 0, launch.worldSize - 1);
    launch.localWorldSize = integer("LOCAL_WORLD_SIZE", 1, 1, launch.worldSize);
    if (!launch.distributed()) return launch;
    const char* addr = variable("MASTER_ADDR");
    if (!addr)
        throw std::invalid_argument(
            "MASTER_ADDR is not set (the host of rank 0, or of the "
            "launcher's store, e.g. 127.0.0.1 on one machine)");
    launch.masterAddr = addr;
    if (!variable("MASTER_PORT")) throw std::invalid_argument("MASTER_PORT is not set");
    launch.masterPort = integer("MASTER_PORT", 0, 1, 65535);
    const char* agent = variable("TORCHELASTIC_USE_AGENT_STORE");
    launch.agentStore = agent && std::string(agent) == "True";
    launch.restartCount = integer("TORCHELASTIC_RESTART_COUNT", 0, 0, 1 << 20);
    return launch;
}

}  // namespace tpugraphs
