#!/usr/bin/env bash
# The figures guard (issue 27): re-measures every figure of the README's "Current figures" table
# and says which got worse.
#
#   scripts/figures.sh [BUILD_DIR] [--update] [--only STEP,STEP...] [--passes N]
#
# BUILD_DIR (default build/) holds a Release build of tpugraphs, tpugraphs-dev and
# tpugraphs-bench-{graph,ui,memory}. Needs /usr/bin/python3 with numpy and torch (the
# references) and /usr/bin/time. About 4-5 minutes on the 2-core VM (259 s on 2026-11-27).
#
# The README table is the one store of recorded values: each guarded number there carries a
# hidden marker, `**<!--f:KEY-->VALUE ...**`. The script reads the recorded values from those
# markers (a range or list such as 81-112 counts by its better end), runs each benchmark N
# times (default 2: the machine is noisy), keeps the better value of each figure (a utilisation:
# the better training rate over the better GEMM reference of the passes) and prints a
# Markdown table: figure, recorded, now, the worse-ratio (now / recorded where lower is better,
# recorded / now where higher is better: > 1 is worse either way), the load average when it was
# measured, and REGRESSED when a figure is more than 15 % worse. Long benchmarks run with quick
# settings, named in the table; figures that cannot be measured in 10 minutes are printed as
# "not re-measured (why)". One figure is the machine's, not the code's (the GEMM peak at the
# layout model's shape): when it is more than 15 % worse the guard says MACHINE SLOWER, as the
# compute-bound figures then move with it.
#
# --update writes the new values into the README's marked numbers (and today's date into those
# rows): the table is updated from this output, not by hand. Review the words around them with
# `git diff README.md` (conditions such as "at load 5-7" are not rewritten).
# --only runs only the named steps (load, metrics, generate, graph, graph_train, distributed, ui,
# tile_train, full_scale, memory, step_budget, realistic); --update then touches only their
# figures.
# Exit status: 0, 2 when a figure regressed, 1 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

build=build update=0 only="" passes=2
while [ $# -gt 0 ]; do
    case "$1" in
    --update) update=1 ;;
    --only) only="$2"; shift ;;
    --passes) passes="$2"; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 1 ;;
    *) build="$1" ;;
    esac
    shift
done
app="$(cd "$build" && pwd)/app"
for tool in tpugraphs tpugraphs-dev tpugraphs-bench-graph tpugraphs-bench-ui tpugraphs-bench-memory; do
    [ -x "$app/$tool" ] || { echo "missing $app/$tool: build it first (docs/BENCHMARKS.md)" >&2; exit 1; }
done

data=$(cd ../shared/data/tpugraphs && pwd)
nlp=$data/npz/layout/nlp/default/test/3a0c5517a87df8d82fd637b83298a3ba.npz  # the real nlp graph
reference=$(cd ../shared/tools && pwd)/reference_tile_train.py
work=$(mktemp -d "${TMPDIR:-/tmp}/tpugraphs-figures.XXXXXX")
trap 'rm -rf "$work"' EXIT
export QT_QPA_PLATFORM=offscreen
started=$SECONDS

declare -A failed=()
ui_bench() { "$app/tpugraphs-bench-ui" "$@" || [ $? -eq 2 ]; }  # 2: p99 >= 50 ms, still a figure
wanted() { [ -z "$only" ] || [[ ",$only," == *",$1,"* ]]; }

# step NAME COMMAND...: runs one benchmark into $dir/NAME.log with its seconds, exit status and
# the 1-minute load average at its end; a failure is recorded, not fatal.
step() {
    local name=$1 start=$SECONDS rc=0
    shift
    wanted "$name" || return 0
    if [ -n "${failed[$name]:-}" ]; then  # failed in an earlier pass: not run again
        echo "  $name: failed in pass 1, not repeated" >&2
        return 0
    fi
    printf '  %-12s' "$name" >&2
    "$@" >"$dir/$name.log" 2>&1 || rc=$?
    echo "$((SECONDS - start)) $rc $(cut -d' ' -f1 /proc/loadavg)" >"$dir/$name.meta"
    echo " $((SECONDS - start)) s, exit $rc, load $(cut -d' ' -f1 /proc/loadavg)" >&2
    [ "$rc" -eq 0 ] || failed[$name]=1
}

# The demo (tile:xla + layout collections) for the UI, distributed and tile benchmarks, the
# step-budget graphs (TRAINING.md#memory-budget-per-step) and the realistic default layout
# collections: generated once, outside the timed figures.
demo=$work/demo
if wanted ui || wanted distributed || wanted tile_train || wanted full_scale; then
    "$app/tpugraphs" generate --preset demo --out "$demo" >/dev/null 2>&1
fi
if wanted step_budget; then
    "$app/tpugraphs" generate --preset custom --collections layout:nlp:default --splits train \
        --files 4 --nodes 6000 7000 --configs 200 200 --out "$work/mb4" >/dev/null 2>&1
fi
if wanted realistic; then
    "$app/tpugraphs" generate --preset realistic --splits train \
        --collections layout:xla:default,layout:nlp:default --out "$work/realistic" >/dev/null 2>&1
fi

header="figures guard: $(date -u '+%Y-%m-%d %H:%M UTC'), $(git rev-parse --short HEAD), $(nproc) cores,"
header+=" load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
printf '%s\n\n' "$header"
echo "$header" >&2
for pass in $(seq 1 "$passes"); do
    dir=$work/pass$pass
    mkdir -p "$dir"
    echo "pass $pass of $passes" >&2
    step load "$app/tpugraphs-dev" bench load "$nlp" --compare-numpy --repeat 10
    step metrics "$app/tpugraphs-dev" bench metrics
    step generate "$app/tpugraphs" generate --preset demo --out "$dir/demo"
    rm -rf "$dir/demo"
    step realistic "$app/tpugraphs-dev" compare-runtimes "$work/realistic" --splits train
    step graph "$app/tpugraphs-bench-graph" "$nlp" synthetic:100000
    step graph_train "$app/tpugraphs-dev" --threads 2 bench train --graph "$nlp" --steps 4 \
        --segment-nodes 0 1000
    step step_budget /usr/bin/time -v "$app/tpugraphs" --threads 1 train --dataset "$work/mb4" \
        --collection layout:nlp:default --batch-graphs 4 --configs-per-graph 32 --steps 8 \
        --dropout 0 --max-step-mb 512 --quiet --out "$dir/budget-run"
    step distributed "$app/tpugraphs-dev" bench distributed --dataset "$demo" --steps 30
    step ui ui_bench --steps 3000 --dataset "$demo"
    step tile_train "$app/tpugraphs-dev" bench train --dataset "$demo" --steps 40 \
        --reference-shape-only --reference-runs 3 --reference "$reference"
    step full_scale "$app/tpugraphs-dev" bench train --dataset "$demo" --full-scale
    mkdir -p "$dir/home"
    step memory env HOME="$dir/home" "$app/tpugraphs-bench-memory" "$data" --steps 20
    rm -rf "$dir/home" "$dir/budget-run"
done

/usr/bin/python3 - "$work" "$passes" "$update" "$only" "$((SECONDS - started))" <<'PY'
import datetime, os, re, sys

work, passes, update, only, seconds = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4], sys.argv[5]
readme_path = "README.md"
readme = open(readme_path).read()
TOKEN = r"[+-]?\d[\d.,]*(?:(?:-| to | / )[+-]?\d[\d.,]*)*"
marked = {m.group(1): m.group(2).rstrip(".,") for m in re.finditer(r"<!--f:(\w+)-->(" + TOKEN + ")", readme)}


def numbers(token):
    return [float(n.replace(",", "")) for n in re.split(r"(?<=\d)-(?=\d)| to | / ", token)]


def regex(step, pattern, group=1, scale=1.0):
    def parse(text):
        m = re.search(pattern, text, re.M)
        return float(m.group(group).replace(",", "")) * scale if m else None
    return step, parse


def graph_cell(source, column, part=-1):
    # A cell of tpugraphs-bench-graph's table (whole view): the process CPU ms.
    def parse(text):
        for line in text.splitlines():
            cells = [c.strip() for c in line.split("|")[1:-1]]
            if len(cells) == 9 and cells[0] == source and cells[1] == "whole":
                return float(cells[column].split("(")[0].split("/")[part])
        return None
    return "graph", parse


def runtimes(collection, column):
    return regex("realistic", r"^\S+\s+" + re.escape(collection) + r"\s+train\s+\d+\s+\d+\s+([\d.]+)\s+[\d.]+\s+[\d.]+ %\s+([\d.]+) %", column)


NLP, SYN = "3a0c5517a87df8d82fd637b83298a3ba.npz", "synthetic:100000"
TRAIN_LINE = r"^layout-sage context: configs/s ([\d.]+)  model GFLOP/s \S+  peak GEMM GFLOP/s ([\d.]+)  utilisation ([\d.]+)%  peak MiB ([\d.]+)"
# key: (figure, better, (step, parser), quick settings); better: lower, higher or near (either way).
FIGURES = {
    "load_speedup": ("npz load, nlp test file, x numpy (best of 10)", "higher",
                     regex("load", r"speed-up over numpy: ([\d.]+)x \(best\)"), "as recorded"),
    "kendall_cpu_s": ("Kendall tau-b 10^6 pairs, CPU s", "lower",
                      regex("metrics", r"^random reals\s+\d+\s+[\d.]+\s+([\d.]+)", scale=1e-3), "as recorded"),
    "generate_demo_s": ("generate --preset demo, s", "lower",
                        regex("generate", r"MB in ([\d.]+) s"), "as recorded"),
    "draw_nlp_ms": ("drawing, nlp graph, CPU ms", "lower", graph_cell(NLP, 4), "as recorded"),
    "draw_100k_ms": ("drawing, 100k graph, CPU ms", "lower", graph_cell(SYN, 4), "as recorded"),
    "pan_nlp_ms": ("full-view frame panning, nlp, CPU ms", "lower", graph_cell(NLP, 6), "as recorded"),
    "pan_100k_ms": ("full-view frame panning, 100k, CPU ms", "lower", graph_cell(SYN, 6), "as recorded"),
    "rebuilt_nlp_ms": ("full-view frame rebuilt, nlp, CPU ms", "lower", graph_cell(NLP, 5), "as recorded"),
    "rebuilt_100k_ms": ("full-view frame rebuilt, 100k, CPU ms", "lower", graph_cell(SYN, 5), "as recorded"),
    "ui_p99_ms": ("UI event loop while training, p99 ms", "lower",
                  regex("ui", r"^training\s+samples\s+\d+\s+p50\s+[\d.]+ ms\s+p99\s+([\d.]+)"),
                  "--steps 3000 (recorded: 20000, ~2 min)"),
    "app_idle_mib": ("desktop app idle memory after a session, MiB", "lower",
                     regex("memory", r"^layout run of \d+ steps ended, idle 3 s\s+RSS\s+([\d.]+) MiB"),
                     "--steps 20 (recorded: 100), a fresh HOME"),
    "tile_vs_python": ("tile late-join SAGE vs the Python reference, x", "higher",
                       regex("tile_train", r"^python reference(?: \(best of \d+\))?: [^\n]*\n\s+speed-up of [^\n]*: ([\d.]+)x"),
                       "--reference-shape-only --reference-runs 3 (Python's best of 3), no --full-scale"),
    "fullscale_peak_mib": ("layout training on two 100k-config nlp graphs, peak MiB", "lower",
                           regex("full_scale", r"^layout-sage \(full-scale nlp slice\)\s+\S+\s+\d+\s+[\d.]+\s+[\d.]+\s+([\d.]+)"),
                           "as recorded (the whole model list trains first)"),
    "step_budget_mib": ("train --max-step-mb 512, 4 graphs x 32 configs, peak MiB", "lower",
                        regex("step_budget", r"Maximum resident set size \(kbytes\): (\d+)", scale=1 / 1024),
                        "the 512 MiB run only (TRAINING.md's command)"),
    "segment_peak_mib": ("segment training S = 1000, real nlp, peak MiB", "lower",
                         regex("graph_train", r"segment-nodes 1000: .*peak MiB ([\d.]+)"), "--threads 2 --steps 4 (recorded: 8)"),
    "dp_efficiency": ("data-parallel efficiency, 2 workers", "higher",
                      regex("distributed", r"^workers 2\s+configs/s \S+\s+efficiency ([\d.]+)"),
                      "--steps 30 (recorded: 60)"),
    "nlp_train_cps": ("layout training, real nlp, 2 threads, configs/s", "higher",
                      regex("graph_train", TRAIN_LINE, 1), "--threads 2 --steps 4 (recorded: 8), no --reference-modules"),
    "nlp_train_util": ("layout training, real nlp, utilisation %", "higher",
                       regex("graph_train", TRAIN_LINE, 3), "same run"),
    "nlp_train_peak_mib": ("layout training, real nlp, peak MiB", "lower",
                           regex("graph_train", TRAIN_LINE, 4), "same run"),
    "nlp_gemm_gflops": ("the machine: GEMM at the model's shape, 2 threads, GFLOP/s", "higher",
                        regex("graph_train", TRAIN_LINE, 2), "same run"),
    "realistic_median_xla": ("realistic layout:xla:default median/best", "lower",
                             runtimes("layout:xla:default", 1), "deterministic"),
    "realistic_median_nlp": ("realistic layout:nlp:default median/best", "lower",
                             runtimes("layout:nlp:default", 1), "deterministic"),
    "realistic_distinct_xla": ("realistic layout:xla:default distinct configs %", "near",
                               runtimes("layout:xla:default", 2), "deterministic"),
    "realistic_distinct_nlp": ("realistic layout:nlp:default distinct configs %", "near",
                               runtimes("layout:nlp:default", 2), "deterministic"),
}
SKIPPED = {
    "predict_100k_mib": ("predict, one 100k-config layout graph, peak MiB",
                         "generating 100k configs, training and a 32-60 s predict, twice"),
    "epoch_peak_gib": ("full-scale layout:nlp:random epoch, peak GiB", "7 min to generate, 4 min epoch"),
    "epoch_min": ("full-scale layout:nlp:random epoch, min", "7 min to generate, 4 min epoch"),
    "fs_first_step_cached_s": ("full-scale layout:nlp:random, first step from the cache, s",
                               "31 min to generate the 207 files, 2 min to fill the cache"),
    "fs_first_step_uncached_s": ("full-scale layout:nlp:random, first step uncached, s", "as above"),
    "unet3d_tau": ("real unet3d held-out Kendall tau (quality)",
                   "a 5-seed x 100-step sweep; ctest -R tst_quality_unet3d_guard guards it"),
    "demo_tile_top5": ("demo held-out tile top-5 (quality)", "ctest -R tst_train_demo_targets: a test build, minutes"),
    "demo_layout_tau": ("demo held-out layout Kendall tau (quality)", "ctest -R tst_train_demo_targets: a test build, minutes"),
    "cuda_cps": ("CUDA build, layout demo configs/s", "needs a GPU: scripts/cuda_check.sh on a GPU machine"),
    "realistic_tau_gain": ("realistic, Kendall learned - ridge (quality)",
                           "3-seed tpugraphs sweeps of every layout collection: about an hour on 2 cores (TRAINING.md)"),
    "realistic_tau_oracle": ("realistic, Kendall learned / oracle (quality)", "as above"),
    "realistic_tile_top5": ("realistic, tile top-5 (quality)", "as above"),
}
missing = sorted((set(FIGURES) | set(SKIPPED)) - set(marked)) + sorted(set(marked) - set(FIGURES) - set(SKIPPED))
if missing:
    print("README markers and the script disagree on: " + ", ".join(missing), file=sys.stderr)


def fmt(value, like):
    first = re.search(r"\d[\d,]*(?:\.(\d+))?", like)
    decimals = len(first.group(1) or "") if first else 2
    return f"{value:,.{decimals}f}" if "," in like else f"{value:.{decimals}f}"


# Figures whose scale is the scheduler's: a change smaller than this (in the figure's unit) is
# not a regression however large its ratio (a 0.2 ms frame or a 1 ms p99 moves 30-70 % between
# two idle runs of the same build).
NOISE_FLOOR = {"pan_nlp_ms": 0.5, "pan_100k_ms": 0.5, "ui_p99_ms": 4.0}

# Figures of the machine, not of the code: a slower host (another VM, a busy neighbour) makes
# every compute-bound figure worse by about this ratio, and is not a regression of the code.
MACHINE = {"nlp_gemm_gflops"}
machine_ratio = None

# A utilisation is a ratio of two rates timed at different moments of a run, and the host's speed
# swings within seconds: the better single-pass ratio is the one whose reference read lowest
# (a pass at 102.9 GFLOP/s read 79 % beside one at 118.6 that read 69 %). It is kept as the
# better training rate over the better reference rate of the passes, so that the README row's
# three numbers agree.
RATIO_OF = {"nlp_train_util": (r"^layout-sage context: configs/s \S+  model GFLOP/s ([\d.]+)",
                               "nlp_gemm_gflops")}


def pass_values(step, parse):
    """(values, loads, last log text) of a figure over the passes that printed it."""
    values, loads, text = [], [], ""
    for p in range(1, passes + 1):
        base = os.path.join(work, f"pass{p}", step)
        try:
            text = open(base + ".log", errors="replace").read()
            secs, rc, load = open(base + ".meta").read().split()
        except OSError:
            continue
        value = parse(text)
        if value is not None:
            values.append(value)
            loads.append(load)
    return values, loads, text


print("| figure | recorded | now (passes) | worse-ratio | load | quick settings | |")
print("|---|---|---|---|---|---|---|")
regressed, new_tokens = [], {}
for key, (label, better, (step, parse), quick) in FIGURES.items():
    if only and step not in only.split(","):
        continue
    token = marked.get(key, "")
    recorded_all = numbers(token)
    recorded = (min if better == "lower" else max)(recorded_all) if better != "near" and recorded_all else (recorded_all or [None])[0]
    values, loads, text = pass_values(step, parse)
    if not values or recorded is None:
        errors = [l.strip() for l in text.splitlines() if "error" in l.lower()] if text else []
        why = errors[-1][:120].replace("|", "/") if errors else f"no figure in its output ({step})"
        print(f"| {label} | {token or '-'} | failed: {why} | | | {quick} | FAILED |")
        regressed.append(key)
        continue
    pick = min if better == "lower" else max
    if better == "near":
        pick = lambda vs: min(vs, key=lambda v: abs(v / recorded - 1))
    now = pick(values)
    load = loads[values.index(now)]
    if key in RATIO_OF:
        rates = pass_values(step, regex(step, RATIO_OF[key][0])[1])[0]
        references = pass_values(*FIGURES[RATIO_OF[key][1]][2])[0]
        if rates and references:
            now = round(100.0 * max(rates) / max(references))
    ratio = now / recorded if better == "lower" else recorded / now if better == "higher" else max(now / recorded, recorded / now)
    verdict = "REGRESSED" if ratio > 1.15 and abs(now - recorded) > NOISE_FLOOR.get(key, 0) else ""
    if key in MACHINE:
        machine_ratio, verdict = ratio, "MACHINE SLOWER" if verdict else ""
    elif verdict:
        regressed.append(key)
    shown = ", ".join(fmt(v, token) for v in values)
    print(f"| {label} | {token} | **{fmt(now, token)}** ({shown}) | {ratio:.2f} | {load} | {quick} | {verdict} |")
    new_tokens[key] = fmt(now, token)
for key, (label, why) in SKIPPED.items():
    if not only:
        print(f"| {label} | {marked.get(key, '-')} | not re-measured ({why}) | | | | |")

print(f"\n{passes} passes, better value kept (a utilisation: the better rate over the better reference); worse-ratio: now / recorded where lower is better, "
      f"recorded / now where higher is better ('near': the larger of both), > 1.15 = REGRESSED; "
      f"load: 1-minute load average at the end of the kept measurement; {seconds} s in all, "
      f"load average {open('/proc/loadavg').read().split()[0]} at the end.")
if machine_ratio is not None and machine_ratio > 1.15:
    print(f"MACHINE SLOWER: this machine's matrix products run {machine_ratio:.2f}x slower than when "
          f"the figures were recorded; compute-bound figures worse by about that much are the "
          f"machine's (check with the recording commit's build, docs/BENCHMARKS.md#figures-guard).")
if regressed:
    print("REGRESSED or failed: " + ", ".join(regressed))

if update:
    today = datetime.date.today().isoformat()
    lines = readme.split("\n")
    for i, line in enumerate(lines):
        changed = line
        for key, token in new_tokens.items():
            changed = re.sub(r"(<!--f:" + key + r"-->)" + TOKEN, lambda m: m.group(1) + token, changed)
        if changed != line:
            lines[i] = re.sub(r"\| \d{4}-\d{2}-\d{2} \|$", f"| {today} |", changed)
    open(readme_path, "w").write("\n".join(lines))
    print(f"README.md: {len(new_tokens)} figures written; review the words around them with git diff README.md")
sys.exit(2 if regressed else 0)
PY
