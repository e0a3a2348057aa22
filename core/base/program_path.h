// Where this program's companions live: the executables installed (or built) beside it.
#pragma once

#include <string>

namespace tpugraphs {

// The path of the running executable (/proc/self/exe).
std::string thisProgram();
// The path of `name` in the folder of the running executable, e.g. the `tpugraphs` CLI beside
// `tpugraphs-dev` or the desktop app. Programs in app/ choose what core starts; core takes the
// path as a parameter.
std::string programBeside(const std::string& name);

}  // namespace tpugraphs
