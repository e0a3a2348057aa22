#!/usr/bin/env bash
# Builds the data layer (no torch, no GUI) with ASan + UBSan in build-asan/ and runs its tests.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTPUGRAPHS_SANITIZE=ON \
      -DTPUGRAPHS_BUILD_GUI=OFF -DTPUGRAPHS_BUILD_TORCH=OFF >/dev/null
cmake --build build-asan -j "$(nproc)"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure
