// Version texts built from the generated version and commit (build_commit.cpp in the build tree).
#include "base/build_info.h"

namespace tpugraphs {

std::string versionText() {
    return std::string(projectVersion()) + " (git " + gitCommit() + ")";
}

std::string versionLine(const std::string& program) {
    return program + " " + versionText();
}

}  // namespace tpugraphs
