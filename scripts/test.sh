#!/usr/bin/env bash
# The test command: set-up (packages + Release build), then the whole CTest suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ctest --test-dir "${TPUGRAPHS_BUILD_DIR:-build}" --output-on-failure --timeout 900 "$@"
