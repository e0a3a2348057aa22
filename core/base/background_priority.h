// Background priority for long work in an interactive program: the desktop app trains on every
// core, and its UI thread must still get a core within a frame when it wakes. Linux keeps a nice
// value per thread, and a thread or process inherits it from the thread that starts it, so
// lowering the training thread's priority before it starts its thread pools (LibTorch's OpenMP
// team, the loader's workers) or child processes covers all of them.
#pragma once

namespace tpugraphs {

// The niceness of background work: the lowest priority, as `nice -n 19` gives.
constexpr int kBackgroundNiceness = 19;

// Lowers the calling thread (only it, not the process's other threads) to kBackgroundNiceness;
// threads and processes it starts afterwards inherit it. Never raises a priority. Returns false
// where the system refuses or has no per-thread priority (then nothing changed).
bool lowerCallingThreadToBackground();

// The calling thread's niceness (0 where unknown).
int callingThreadNiceness();

}  // namespace tpugraphs
