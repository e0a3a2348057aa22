// Paths of the executables beside this one.
#include "base/program_path.h"

#include <filesystem>

namespace tpugraphs {

std::string programBeside(const std::string& name) {
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe");
    return (self.parent_path() / name).string();
}

}  // namespace tpugraphs
