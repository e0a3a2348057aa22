// Entry point of `tpugraphs`, the headless CLI: the commands a competitor uses (developer tools
// are `tpugraphs-dev`).
#include "common/command_registry.h"

int main(int argc, char** argv) {
    return tpugraphs::cli::runCommandLine(
        argc, argv, "tpugraphs", "TpuGraphs dataset tools, cost-model training and Kaggle export");
}
