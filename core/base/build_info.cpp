// Version texts built from the generated version and commit (build_commit.cpp in the build tree).
#include "base/build_info.h"

#include "base/blas_report.h"

namespace tpugraphs {

std::string versionText() {
    return std::string(projectVersion()) + " (git " + gitCommit() + ")";
}

std::string versionLine(const std::string& program) {
    return program + " " + versionText();
}

std::string versionReport(const std::string& program) {
    return versionLine(program) + "\n" + blasReportText(blasReport());
}

}  // namespace tpugraphs
