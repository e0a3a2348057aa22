// Selecting OpenBLAS's kernels for this CPU when it fell back to generic ones
// (base/blas_kernel_choice.h), at the start of every program.
//
// OpenBLAS reads OPENBLAS_CORETYPE once, when the dynamic linker loads it, before main. So the
// program sets the variable and executes itself again (same pid, arguments and environment
// otherwise), once: the marker TPUGRAPHS_BLAS_SELECTED ("PID KERNEL LIBRARY_CHOICE") says the
// selection is made, and a process that finds it (the re-executed one, or a child such as a
// distributed worker, which inherits both variables) never executes itself again. The
// re-executed process prints one note on stderr (under a launcher, rank 0's alone).
// TPUGRAPHS_BLAS_AUTOSELECT=0 turns all of this off; OPENBLAS_CORETYPE set by the user or the
// system is never overridden.
#pragma once

#include <string>

namespace tpugraphs {

// Call as the first statement of main, before threads or files are opened: it may replace the
// process with a fresh copy of itself (argv unchanged). Returns when nothing is to be done or
// when the re-execution failed (then the program runs on the library's kernels).
// TPUGRAPHS_BLAS_ASSUME_KERNEL=NAME makes it act as if OpenBLAS had picked NAME (to exercise
// the selection on a CPU OpenBLAS recognises: tests, docs/BENCHMARKS.md).
void selectBlasKernelAtStartup(char** argv);

// The kernel OpenBLAS itself picked when this program (or the one that started it) selected
// `kernelNow` in its place; empty when the library's own choice runs.
std::string blasKernelChosenByLibrary(const std::string& kernelNow);

}  // namespace tpugraphs
