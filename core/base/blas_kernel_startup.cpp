// The start-up selection: decide, set OPENBLAS_CORETYPE, execute /proc/self/exe once, say so.
#include "base/blas_kernel_startup.h"

#include <strings.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "base/blas_kernel_choice.h"
#include "base/blas_report.h"

namespace tpugraphs {

namespace {

constexpr const char* kMarker = "TPUGRAPHS_BLAS_SELECTED";
constexpr const char* kCoreType = "OPENBLAS_CORETYPE";

// The selection a process of this program made: by whom, which kernel, in place of which.
struct Selection {
    long pid = 0;
    std::string kernel;
    std::string libraryChoice;
};

// The marker, when it is present and OPENBLAS_CORETYPE still holds the kernel it names.
bool readSelection(Selection* selection) {
    const char* marker = std::getenv(kMarker);
    const char* coreType = std::getenv(kCoreType);
    if (!marker || !coreType) return false;
    std::istringstream fields(marker);
    if (!(fields >> selection->pid >> selection->kernel >> selection->libraryChoice)) return false;
    return selection->kernel == coreType;
}

bool sameName(const std::string& a, const std::string& b) {
    return strcasecmp(a.c_str(), b.c_str()) == 0;
}

// The re-executed process says once what it runs on.
void sayWhatWasSelected(const Selection& selection) {
    const BlasReport report = blasReport();
    if (sameName(report.kernel, selection.kernel))
        std::fprintf(stderr,
                     "note: %s did not recognise this CPU; using its %s kernels "
                     "(TPUGRAPHS_BLAS_AUTOSELECT=0 keeps its own choice)\n",
                     report.library.c_str(), report.kernel.c_str());
    else
        std::fprintf(stderr,
                     "note: %s did not recognise this CPU; asked for its %s kernels, it runs %s\n",
                     report.library.c_str(), selection.kernel.c_str(), report.kernel.c_str());
}

// Ranks a launcher (torchrun, Slurm) started each select for themselves; rank 0 speaks for all.
bool isFirstRank() {
    const char* rank = std::getenv("RANK");
    return !rank || std::strcmp(rank, "0") == 0;
}

BlasKernelInputs inputsNow() {
    const BlasReport report = blasReport();
    BlasKernelInputs inputs;
    inputs.kind = report.kind;
    const char* assumed = std::getenv("TPUGRAPHS_BLAS_ASSUME_KERNEL");
    inputs.kernel = assumed && *assumed ? assumed : report.kernel;
    inputs.cpu = report.cpu;
    inputs.coreTypeSet = std::getenv(kCoreType) != nullptr;
    const char* autoSelect = std::getenv("TPUGRAPHS_BLAS_AUTOSELECT");
    inputs.autoSelect = !(autoSelect && std::strcmp(autoSelect, "0") == 0);
    return inputs;
}

}  // namespace

void selectBlasKernelAtStartup(char** argv) {
    Selection selection;
    if (readSelection(&selection)) {
        if (selection.pid == static_cast<long>(getpid()) && isFirstRank())
            sayWhatWasSelected(selection);
        return;  // selected by this process before its re-execution, or by an ancestor
    }
    const BlasKernelInputs inputs = inputsNow();
    const BlasKernelDecision decision = chooseBlasKernel(inputs);
    if (!decision.selects()) return;
    const std::string marker =
        std::to_string(getpid()) + " " + decision.kernel + " " + inputs.kernel;
    setenv(kCoreType, decision.kernel.c_str(), 1);
    setenv(kMarker, marker.c_str(), 1);
    std::fflush(nullptr);
    execv("/proc/self/exe", argv);
    const int error = errno;  // still here: the library's kernels it is
    unsetenv(kCoreType);
    unsetenv(kMarker);
    std::fprintf(stderr, "note: OpenBLAS runs its %s; restarting with its %s kernels failed: %s\n",
                 decision.reason.c_str(), decision.kernel.c_str(), std::strerror(error));
}

std::string blasKernelChosenByLibrary(const std::string& kernelNow) {
    Selection selection;
    if (!readSelection(&selection) || !sameName(selection.kernel, kernelNow)) return {};
    return selection.libraryChoice;
}

}  // namespace tpugraphs
