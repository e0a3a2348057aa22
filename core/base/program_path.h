// Where this program's companions live: the executables installed (or built) beside it.
#pragma once

#include <string>

namespace tpugraphs {

// The path of `name` in the folder of the running executable (/proc/self/exe), e.g. the
// `tpugraphs` CLI beside `tpugraphs-dev` or the desktop app.
std::string programBeside(const std::string& name);

}  // namespace tpugraphs
