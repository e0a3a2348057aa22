#!/usr/bin/env bash
# What a first-time user waits for: scripts/run.sh in a fresh build folder, ccache off, until the
# app's first window is mapped (under Xvfb), then the app is closed. Prints the wall seconds to
# the window and the CPU seconds (user + sys) of everything run.sh ran until then (the build's
# compile-seconds, plus the app's start). Packages are not reinstalled: those already present
# are skipped as on any second machine set-up. Usage: scripts/time_first_window.sh [BUILD_DIR]
# (default build-first-window; removed first). Needs xvfb, xdotool.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build-first-window}
rm -rf "$dir"
mkdir -p "$dir"
work=$(mktemp -d)
export CCACHE_DISABLE=1 TPUGRAPHS_BUILD_DIR=$dir HOME=$work  # fresh settings: opens the demo
start=$(date +%s.%N)
xvfb-run -a -s "-screen 0 1600x1000x24" bash -c '
    /usr/bin/time -f "%U %S" -o "$1/cpu" scripts/run.sh >"$1/run.log" 2>&1 &
    timeout 7200 xdotool search --sync --onlyvisible --name "TpuGraphs Studio" >/dev/null
    date +%s.%N >"$1/window"
    pkill -TERM -f "$2/app/tpugraphs-studio" || true  # the app run.sh became (exec)
    wait' bash "$work" "$dir"
# time(1) writes "Command terminated by signal 15" first: the figures are the last line.
tail -n 1 "$work/cpu" | awk -v start="$start" -v window="$(cat "$work/window")" \
    '{printf "first window after %.0f s wall; run.sh used %.0f s CPU\n", window - start, $1 + $2}'
echo "run.sh's output: $work/run.log"
