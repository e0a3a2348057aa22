// Which build this is: the product's version and the git commit it was built from, for
// `--version`, Help > About and the files a run writes.
#pragma once

#include <string>

namespace tpugraphs {

// The project's VERSION (top-level CMakeLists.txt), e.g. "0.1.0".
const char* projectVersion();
// The commit the build came from: 12 hex digits, with "-dirty" when tracked files differed from
// it; TPUGRAPHS_GIT_COMMIT when that was set at configure time; "unknown" outside a git checkout.
const char* gitCommit();
// "0.1.0 (git 002c669e1f2a)".
std::string versionText();
// The first line `PROGRAM --version` prints: "tpugraphs 0.1.0 (git 002c669e1f2a)".
std::string versionLine(const std::string& program);
// All that `PROGRAM --version` prints: versionLine, then the BLAS and CPU lines of
// base/blas_report.h ("BLAS: OpenBLAS 0.3.21 (DYNAMIC_ARCH), kernel Zen", "CPU: ...").
std::string versionReport(const std::string& program);

}  // namespace tpugraphs
