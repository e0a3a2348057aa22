#!/usr/bin/env bash
# The test command: set-up (packages + Release build), then the CTest suite. Arguments go to
# ctest, e.g. `scripts/test.sh -L core` (seconds) or `-L gui`, `-L realdata`, `-L slow`,
# `-L package`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
build="${TPUGRAPHS_BUILD_DIR:-build}"
count=$(ctest --test-dir "$build" -N "$@" | sed -n 's/^Total Tests: //p')
echo "test: $count tests${*:+ ($*)}; slow ones (label slow) take minutes; [k/N] below counts them"
ctest --test-dir "$build" --output-on-failure "$@"  # time limits: tests/CMakeLists.txt
