#!/usr/bin/env bash
# The test command: set-up (packages + Release build), then the CTest suite. Arguments go to
# ctest, e.g. `scripts/test.sh -L core` (seconds) or `-L gui`, `-L realdata`, `-L slow`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ctest --test-dir "${TPUGRAPHS_BUILD_DIR:-build}" --output-on-failure "$@"  # time limits: tests/CMakeLists.txt
