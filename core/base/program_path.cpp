// Paths of the executables beside this one.
#include "base/program_path.h"

#include <filesystem>

namespace tpugraphs {

std::string thisProgram() {
    return std::filesystem::read_symlink("/proc/self/exe").string();
}

std::string programBeside(const std::string& name) {
    return (std::filesystem::path(thisProgram()).parent_path() / name).string();
}

}  // namespace tpugraphs
