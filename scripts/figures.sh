#!/usr/bin/env bash
# The figures guard: re-measures the guarded figures (the README's "Current figures" table and
# docs/BENCHMARKS.md's guarded table) and says which got worse.
#
#   scripts/figures.sh [BUILD_DIR] [--baseline [REV]] [--update] [--only STEP,STEP...] [--passes N]
#
# BUILD_DIR (default build/) holds a Release build of tpugraphs, tpugraphs-dev and
# tpugraphs-bench-{graph,ui,memory}. Needs /usr/bin/python3 with numpy and torch (the
# references) and /usr/bin/time. About 4-5 minutes for one build on the 2-core VM.
#
# --baseline REV compares builds, not days: REV (default: the last commit that wrote figures
# into the stores, `git log -G'<!--f:'`) is built once into a cache
# (${TPUGRAPHS_FIGURES_CACHE:-~/.cache/tpugraphs-figures}/COMMIT, from `git archive`; under
# ccache's base_dir its files shared with this build are cache hits), and
# every step runs for both builds alternately (new, baseline, new, baseline: N passes each);
# the better value of each build is kept and the verdict is the ratio new / baseline:
# REGRESSED only when the new build is more than 15 % worse than the baseline in the same run,
# so a slower or busier machine moves both and flags nothing. About 9-10 minutes with 2 passes,
# plus the baseline's first build of the programs the wanted steps run (-j of
# TPUGRAPHS_FIGURES_JOBS, default 1; later runs rebuild nothing).
# Without --baseline, each figure is compared with its recorded value (> 15 % worse:
# REGRESSED), and the GEMM rate, the machine's own figure, says MACHINE SLOWER when the host is.
#
# The recorded values live in the stores' hidden markers, `**<!--f:KEY-->VALUE**`; a range or
# list such as 81-112 counts by its better end. The header names the machine: CPU model, cores,
# BLAS library and kernel, GEMM rate at the model's shape, load. Long benchmarks run with quick
# settings, named in the table; figures that cannot be measured in 10 minutes are printed as
# "not re-measured (why)". Reading and verdicts: scripts/figures_guard.py.
#
# --update writes the new build's values into the marked numbers (and today's date into those
# rows). --only runs only the named steps (load, metrics, generate, realistic, graph,
# graph_train, step_budget, distributed, ui, tile_train, full_scale, memory); --update then
# touches only their figures.
# Exit status: 0, 2 when a figure regressed, 1 on a usage or build error.
set -euo pipefail
cd "$(dirname "$0")/.."

build=build update=0 only="" passes=2 baseline=""
while [ $# -gt 0 ]; do
    case "$1" in
    --update) update=1 ;;
    --only) only="$2"; shift ;;
    --passes) passes="$2"; shift ;;
    --baseline)
        if [ $# -gt 1 ] && [[ "$2" != -* ]] && git rev-parse -q --verify "$2^{commit}" >/dev/null; then
            baseline="$2"; shift
        else
            baseline=$(git log -1 --format=%H -G'<!--f:' -- README.md docs/BENCHMARKS.md)
        fi ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 1 ;;
    *) build="$1" ;;
    esac
    shift
done
wanted() { [ -z "$only" ] || [[ ",$only," == *",$1,"* ]]; }
# The programs the wanted steps run (tpugraphs also generates their inputs).
tools="tpugraphs tpugraphs-dev"  # the header's GEMM rate needs tpugraphs-dev, whatever the steps
for tool in dev:load dev:metrics dev:realistic dev:graph_train dev:distributed dev:tile_train \
    dev:full_scale bench-graph:graph bench-ui:ui bench-memory:memory; do
    if wanted "${tool#*:}" && [[ " $tools " != *" tpugraphs-${tool%%:*} "* ]]; then
        tools+=" tpugraphs-${tool%%:*}"
    fi
done
declare -A apps=([new]="$(cd "$build" && pwd)/app")
for tool in $tools; do
    [ -x "${apps[new]}/$tool" ] || { echo "missing ${apps[new]}/$tool: build it first (docs/BENCHMARKS.md)" >&2; exit 1; }
done

# The baseline's build, cached by commit: sources from `git archive` (no worktree to register)
# laid out as this checkout is (TREE/core, TREE/build), configured with this build's options,
# so that ccache (base_dir) serves the files the two commits share; the commit is given to
# CMake for --version.
builds=(new)
if [ -n "$baseline" ]; then
    commit=$(git rev-parse "$baseline^{commit}")
    tree=${TPUGRAPHS_FIGURES_CACHE:-$HOME/.cache/tpugraphs-figures}/${commit:0:12}
    if [ ! -f "$tree/build/build.ninja" ]; then
        echo "configuring the baseline ${commit:0:12} in $tree (once)" >&2
        rm -rf "$tree" && mkdir -p "$tree"
        git archive "$commit" | tar -x -C "$tree"
        options=(-DCMAKE_BUILD_TYPE=Release -DTPUGRAPHS_BUILD_TESTS=OFF -DTPUGRAPHS_GIT_COMMIT="${commit:0:12}")
        for option in TPUGRAPHS_WERROR TPUGRAPHS_UNITY TPUGRAPHS_PCH TPUGRAPHS_LLD; do
            value=$(sed -n "s/^$option:BOOL=//p" "$build/CMakeCache.txt" 2>/dev/null)
            [ -z "$value" ] || options+=("-D$option=$value")
        done
        cmake -S "$tree" -B "$tree/build" -G Ninja "${options[@]}" >"$tree/configure.log" 2>&1 ||
            { rm -rf "$tree/build"; echo "configuring the baseline failed: $tree/configure.log" >&2; exit 1; }
    fi
    echo "building the baseline's $tools (incremental)" >&2
    # shellcheck disable=SC2086
    nice cmake --build "$tree/build" -j "${TPUGRAPHS_FIGURES_JOBS:-1}" --target $tools >"$tree/build.log" 2>&1 ||
        { echo "building the baseline failed: $tree/build.log" >&2; exit 1; }
    apps[base]=$tree/build/app
    builds+=(base)
fi

data=$(cd ../shared/data/tpugraphs && pwd)
nlp=$data/npz/layout/nlp/default/test/3a0c5517a87df8d82fd637b83298a3ba.npz  # the real nlp graph
reference=$(cd ../shared/tools && pwd)/reference_tile_train.py
work=$(mktemp -d "${TMPDIR:-/tmp}/tpugraphs-figures.XXXXXX")
trap 'rm -rf "$work"' EXIT
export QT_QPA_PLATFORM=offscreen
started=$SECONDS

declare -A failed=()

# The steps, in the order they run; each runs one benchmark of the build in $app, writing into
# $dir when it writes at all.
steps="load metrics generate realistic graph graph_train step_budget distributed ui tile_train
       full_scale memory"
step_load() { "$app/tpugraphs-dev" bench load "$nlp" --compare-numpy --repeat 10; }
step_metrics() { "$app/tpugraphs-dev" bench metrics; }
step_generate() { "$app/tpugraphs" generate --preset demo --out "$dir/demo" && rm -rf "$dir/demo"; }
step_realistic() { "$app/tpugraphs-dev" compare-runtimes "$work/realistic" --splits train; }
step_graph() { "$app/tpugraphs-bench-graph" "$nlp" synthetic:100000; }
step_graph_train() {
    "$app/tpugraphs-dev" --threads 2 bench train --graph "$nlp" --steps 4 --segment-nodes 0 1000
}
step_step_budget() {
    /usr/bin/time -v "$app/tpugraphs" --threads 1 train --dataset "$work/mb4" \
        --collection layout:nlp:default --batch-graphs 4 --configs-per-graph 32 --steps 8 \
        --dropout 0 --max-step-mb 512 --quiet --out "$dir/budget-run"
    rm -rf "$dir/budget-run"
}
step_distributed() { "$app/tpugraphs-dev" bench distributed --dataset "$demo" --steps 30; }
step_ui() { "$app/tpugraphs-bench-ui" --steps 3000 --dataset "$demo" || [ $? -eq 2 ]; }  # 2: p99 >= 50 ms
step_tile_train() {
    "$app/tpugraphs-dev" bench train --dataset "$demo" --steps 40 --reference-shape-only \
        --reference-runs 3 --reference "$reference"
}
step_full_scale() { "$app/tpugraphs-dev" bench train --dataset "$demo" --full-scale; }
step_memory() {
    mkdir -p "$dir/home"
    HOME="$dir/home" "$app/tpugraphs-bench-memory" "$data" --steps 20
    rm -rf "$dir/home"
}

# run NAME BUILD PASS: one step of one build into $work/BUILD/passPASS/NAME.log, with its
# seconds, exit status and the 1-minute load average at its end; a failure is recorded (and the
# step not repeated for that build), not fatal.
run() {
    local name=$1 which=$2 pass=$3 start=$SECONDS rc=0
    [ -z "${failed[$which.$name]:-}" ] || return 0
    app=${apps[$which]} dir=$work/$which/pass$pass
    mkdir -p "$dir"
    printf '  %-12s %-4s pass %s' "$name" "$which" "$pass" >&2
    "step_$name" >"$dir/$name.log" 2>&1 || rc=$?
    echo "$((SECONDS - start)) $rc $(cut -d' ' -f1 /proc/loadavg)" >"$dir/$name.meta"
    echo ": $((SECONDS - start)) s, exit $rc, load $(cut -d' ' -f1 /proc/loadavg)" >&2
    [ "$rc" -eq 0 ] || failed[$which.$name]=1
}

# Inputs generated once (by the new build), outside the timed figures: the demo for the UI,
# distributed and tile benchmarks, the step-budget graphs (TRAINING.md#memory-budget-per-step)
# and the realistic default layout collections.
demo=$work/demo
if wanted ui || wanted distributed || wanted tile_train || wanted full_scale; then
    "${apps[new]}/tpugraphs" generate --preset demo --out "$demo" >/dev/null 2>&1
fi
if wanted step_budget; then
    "${apps[new]}/tpugraphs" generate --preset custom --collections layout:nlp:default \
        --splits train --files 4 --nodes 6000 7000 --configs 200 200 --out "$work/mb4" >/dev/null 2>&1
fi
if wanted realistic; then
    "${apps[new]}/tpugraphs" generate --preset realistic --splits train \
        --collections layout:xla:default,layout:nlp:default --out "$work/realistic" >/dev/null 2>&1
fi

# The header: the run and the machine it ran on.
blas=$("${apps[new]}/tpugraphs" --version | sed -n 's/^BLAS: //p')
cpu=$("${apps[new]}/tpugraphs" --version | sed -n 's/^CPU: //p')
gemm=$("${apps[new]}/tpugraphs-dev" --threads 2 bench gemm --rounds 5 2>/dev/null | sed -n 's/.*: \([0-9.]* GFLOP\/s\).*/\1/p') || true
commit_of() { "${apps[$1]}/tpugraphs" --version 2>/dev/null | sed -n '1s/.*(git \(.*\))$/\1/p'; }
header="figures guard: $(date -u '+%Y-%m-%d %H:%M UTC'), the build of $(commit_of new)"
[ -z "$baseline" ] || header+=" against the baseline $(commit_of base)"
header+=$'\n'"machine: ${cpu:-unknown CPU}; $(nproc) cores online; BLAS ${blas:-unknown}; "
header+="GEMM at the model's shape ${gemm:-not measured} (2 threads); load average"
header+=" $(cut -d' ' -f1-3 /proc/loadavg) at the start"
printf '%s\n\n' "$header"
echo "$header" >&2
for name in $steps; do
    wanted "$name" || continue
    for pass in $(seq 1 "$passes"); do
        for which in "${builds[@]}"; do run "$name" "$which" "$pass"; done
    done
done

/usr/bin/python3 scripts/figures_guard.py "$work" "$passes" "$update" "$only" \
    "${baseline:+$(git rev-parse --short "$baseline")}" || status=$?
echo "$((SECONDS - started)) s in all, load average $(cut -d' ' -f1 /proc/loadavg) at the end."
exit "${status:-0}"
