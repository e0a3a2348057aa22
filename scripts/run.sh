#!/usr/bin/env bash
# The run command: set-up (packages + a Release build of the two programs, not the tests), then
# start the desktop app.
# With no dataset argument the app opens the embedded synthetic demo dataset.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh tpugraphs-studio tpugraphs  # the app starts the CLI for workers and pipelines
app="${TPUGRAPHS_BUILD_DIR:-build}/app/tpugraphs-studio"
echo "run: starting $app $* (the first start generates the demo dataset into the cache, seconds)"
exec "$app" "$@"
