// The user's XDG base directories, read from the environment (user_dirs.h).
#include "base/user_dirs.h"

#include <cstdlib>

namespace tpugraphs {

const char* const kUserFolderName = "tpugraphs";

namespace {

// $NAME when it is an absolute path, else $HOME/fallback.
std::string baseDir(const char* name, const char* fallback) {
    const char* value = std::getenv(name);
    if (value && value[0] == '/') return value;
    const char* home = std::getenv("HOME");
    return std::string(home ? home : "") + "/" + fallback;
}

}  // namespace

XdgBaseDirs xdgBaseDirsFromEnvironment() {
    return {baseDir("XDG_CACHE_HOME", ".cache"), baseDir("XDG_CONFIG_HOME", ".config"),
            baseDir("XDG_DATA_HOME", ".local/share")};
}

std::string userCacheDir() {
    return xdgBaseDirsFromEnvironment().cache + "/" + kUserFolderName;
}

}  // namespace tpugraphs
