// Entry point of `tpugraphs-dev`, the developer tools (benchmarks, experiments, reference
// scores, runtime comparisons), kept out of the competitor's CLI.
#include "common/command_registry.h"

int main(int argc, char** argv) {
    return tpugraphs::cli::runCommandLine(
        argc, argv, "tpugraphs-dev",
        "developer tools of TpuGraphs Studio: benchmarks (bench), experiments, "
        "reference scores and runtime comparisons (docs/BENCHMARKS.md)");
}
