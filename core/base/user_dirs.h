// Where the user's data lives (XDG Base Directory specification): one folder named "tpugraphs"
// in each base directory, ~/.cache/tpugraphs (the demo dataset, prepared graphs: safe to
// delete), ~/.config/tpugraphs (the desktop app's settings) and ~/.local/share/tpugraphs
// (training runs). docs/INSTALL.md, "User data".
#pragma once

#include <string>

namespace tpugraphs {

// "tpugraphs": the project's folder inside each base directory.
extern const char* const kUserFolderName;

// The user's XDG base directories.
struct XdgBaseDirs {
    std::string cache, config, data;
};

// From the environment: $XDG_CACHE_HOME, $XDG_CONFIG_HOME and $XDG_DATA_HOME when they are
// absolute paths (the specification ignores relative ones), else $HOME/.cache, $HOME/.config
// and $HOME/.local/share.
XdgBaseDirs xdgBaseDirsFromEnvironment();

// The project's cache folder, <cache base>/tpugraphs, from the environment.
std::string userCacheDir();

}  // namespace tpugraphs
