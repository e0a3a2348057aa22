#!/usr/bin/env python3
"""The figures guard's reading and verdicts (scripts/figures.sh runs the benchmarks, this reads
their logs): the recorded values from the hidden markers `**<!--f:KEY-->VALUE**` of the README's
figures table and docs/BENCHMARKS.md's guarded table, each figure's value per build (the better
of the passes), and the verdict: against the baseline build run alternately in the same run when
there is one (REGRESSED only when the new build is worse than the baseline), else against the
recorded value. Only the standard library: tests/scripts/tst_figures_compare.py runs it on
synthetic logs."""
import datetime
import os
import re
import sys

STORES = ["README.md", "docs/BENCHMARKS.md"]  # where the recorded values live, each key once
TOKEN = r"[+-]?\d[\d.,]*(?:(?:-| to | / )[+-]?\d[\d.,]*)*"
THRESHOLD = 1.15  # a worse-ratio above this is REGRESSED


def read(path):
    with open(path, errors="replace") as f:
        return f.read()


def marked_values(texts):
    """{key: token} of every marker in the stores' texts, and the keys marked more than once."""
    marked, twice = {}, []
    for text in texts:
        for m in re.finditer(r"<!--f:(\w+)-->(" + TOKEN + ")", text):
            if m.group(1) in marked:
                twice.append(m.group(1))
            marked[m.group(1)] = m.group(2).rstrip(".,")
    return marked, twice


def numbers(token):
    return [float(n.replace(",", "")) for n in re.split(r"(?<=\d)-(?=\d)| to | / ", token)]


def worse_ratio(better, now, reference):
    """> 1 when `now` is worse than `reference`: now / reference where lower is better, reference /
    now where higher is better, the larger of both for 'near' (a calibration: either way)."""
    if better == "lower":
        return now / reference
    if better == "higher":
        return reference / now
    return max(now / reference, reference / now)


def best(better, values, recorded=None):
    """The better value of the passes ('near': the one closest to the recorded value)."""
    if better == "lower":
        return min(values)
    if better == "higher":
        return max(values)
    return min(values, key=lambda v: abs(v / recorded - 1)) if recorded else values[0]


def is_regressed(better, now, reference, noise_floor=0.0):
    """Worse by more than THRESHOLD and by more than the figure's noise floor (in its unit)."""
    return worse_ratio(better, now, reference) > THRESHOLD and abs(now - reference) > noise_floor


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
                     "--steps 20, a fresh HOME"),
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
    "submission_min": ("tpugraphs submission, realistic preset, 40 min budget", "a 40-minute pipeline"),
}

# Figures whose scale is the scheduler's: a change smaller than this (in the figure's unit) is
# not a regression however large its ratio (a 0.2 ms frame or a 1 ms p99 moves 30-70 % between
# two idle runs of the same build).
NOISE_FLOOR = {"pan_nlp_ms": 0.5, "pan_100k_ms": 0.5, "ui_p99_ms": 4.0}

# Figures of the machine, not of the code: a slower host makes every compute-bound figure worse by
# about this ratio. Against the recorded value it says MACHINE SLOWER; side by side it is shown.
MACHINE = {"nlp_gemm_gflops"}

# A utilisation is a ratio of two rates timed at different moments of a run, and the host's speed
# swings within seconds: it is kept as the better training rate over the better reference rate of
# the passes, so that the row's three numbers agree.
RATIO_OF = {"nlp_train_util": (r"^layout-sage context: configs/s \S+  model GFLOP/s ([\d.]+)",
                               "nlp_gemm_gflops")}


def pass_values(folder, passes, step, parse):
    """(values, loads, last log text) of a figure over the passes of one build that printed it."""
    values, loads, text = [], [], ""
    for p in range(1, passes + 1):
        base = os.path.join(folder, f"pass{p}", step)
        try:
            text = read(base + ".log")
            secs, rc, load = read(base + ".meta").split()
        except OSError:
            continue
        value = parse(text)
        if value is not None:
            values.append(value)
            loads.append(load)
    return values, loads, text


def fmt(value, like):
    first = re.search(r"\d[\d,]*(?:\.(\d+))?", like)
    decimals = len(first.group(1) or "") if first else 2
    return f"{value:,.{decimals}f}" if "," in like else f"{value:.{decimals}f}"


def build_value(key, folder, passes, recorded):
    """(kept value, all values, load of the kept one, log text) of one build; value None when no
    pass printed the figure."""
    label, better, (step, parse), quick = FIGURES[key]
    values, loads, text = pass_values(folder, passes, step, parse)
    if not values:
        return None, [], "", text
    now = best(better, values, recorded)
    load = loads[values.index(now)]
    if key in RATIO_OF:
        rates = pass_values(folder, passes, step, regex(step, RATIO_OF[key][0])[1])[0]
        references = pass_values(folder, passes, *FIGURES[RATIO_OF[key][1]][2])[0]
        if rates and references:
            now = round(100.0 * max(rates) / max(references))
    return now, values, load, text


def failure(text, step):
    errors = [l.strip() for l in text.splitlines() if "error" in l.lower()] if text else []
    return errors[-1][:120].replace("|", "/") if errors else f"no figure in its output ({step})"


def report(work, passes, only, baseline, out=sys.stdout):
    """Prints the table; returns (regressed keys, {key: new token}). `baseline`: the baseline's
    name when the run measured one (logs under work/base), else None (against the recorded)."""
    texts = [read(p) for p in STORES if os.path.exists(p)]
    marked, twice = marked_values(texts)
    disagree = sorted((set(FIGURES) | set(SKIPPED)) - set(marked)) + sorted(set(marked) - set(FIGURES) - set(SKIPPED))
    if disagree or twice:
        print("the stores' markers and the guard disagree on: " + ", ".join(disagree + twice), file=sys.stderr)
    steps = only.split(",") if only else None
    if baseline:
        print(f"| figure | recorded | new (passes) | baseline {baseline} (passes) | new/baseline worse-ratio | load | quick settings | |", file=out)
        print("|---|---|---|---|---|---|---|---|", file=out)
    else:
        print("| figure | recorded | now (passes) | worse-ratio | load | quick settings | |", file=out)
        print("|---|---|---|---|---|---|---|", file=out)
    regressed, new_tokens, machine_ratio = [], {}, None
    for key, (label, better, (step, parse), quick) in FIGURES.items():
        if steps and step not in steps:
            continue
        token = marked.get(key, "")
        recorded_all = numbers(token) if token else []
        recorded = (best(better, recorded_all) if better != "near" else recorded_all[0]) if recorded_all else None
        now, values, load, text = build_value(key, os.path.join(work, "new"), passes, recorded)
        if now is None or (recorded is None and not baseline):
            print(f"| {label} | {token or '-'} | failed: {failure(text, step)} |{' |' * (4 if baseline else 3)} {quick} | FAILED |", file=out)
            regressed.append(key)
            continue
        shown = ", ".join(fmt(v, token or "0.0") for v in values)
        new_tokens[key] = fmt(now, token or "0.0")
        if baseline:
            base, base_values, _, base_text = build_value(key, os.path.join(work, "base"), passes, recorded)
            if base is None:
                print(f"| {label} | {token or '-'} | **{new_tokens[key]}** ({shown}) | failed: {failure(base_text, step)} | | {load} | {quick} | BASELINE FAILED |", file=out)
                continue
            ratio = worse_ratio(better, now, base)
            verdict = "REGRESSED" if is_regressed(better, now, base, NOISE_FLOOR.get(key, 0)) else ""
            if key in MACHINE:
                verdict = "machine" if verdict else ""
            elif verdict:
                regressed.append(key)
            base_shown = ", ".join(fmt(v, token or "0.0") for v in base_values)
            print(f"| {label} | {token or '-'} | **{new_tokens[key]}** ({shown}) | {fmt(base, token or '0.0')} ({base_shown}) | {ratio:.2f} | {load} | {quick} | {verdict} |", file=out)
            continue
        ratio = worse_ratio(better, now, recorded)
        verdict = "REGRESSED" if is_regressed(better, now, recorded, NOISE_FLOOR.get(key, 0)) else ""
        if key in MACHINE:
            machine_ratio, verdict = ratio, "MACHINE SLOWER" if verdict else ""
        elif verdict:
            regressed.append(key)
        print(f"| {label} | {token} | **{new_tokens[key]}** ({shown}) | {ratio:.2f} | {load} | {quick} | {verdict} |", file=out)
    for key, (label, why) in SKIPPED.items():
        if not only:
            print(f"| {label} | {marked.get(key, '-')} | not re-measured ({why}) |{' |' * (4 if baseline else 3)} | |", file=out)
    if baseline:
        print(f"\n{passes} passes per build, the builds alternated step by step (new, baseline, new, "
              f"baseline); better value kept per build; worse-ratio: new / baseline where lower is "
              f"better, baseline / new where higher is better, > {THRESHOLD} = REGRESSED. The recorded "
              f"values are reference points only.", file=out)
    else:
        print(f"\n{passes} passes, better value kept (a utilisation: the better rate over the better "
              f"reference); worse-ratio: now / recorded where lower is better, recorded / now where "
              f"higher is better ('near': the larger of both), > {THRESHOLD} = REGRESSED; load: 1-minute "
              f"load average at the end of the kept measurement.", file=out)
        if machine_ratio is not None and machine_ratio > THRESHOLD:
            print(f"MACHINE SLOWER: this machine's matrix products run {machine_ratio:.2f}x slower than "
                  f"when the figures were recorded; compare builds side by side: --baseline.", file=out)
    if regressed:
        print("REGRESSED or failed: " + ", ".join(regressed), file=out)
    return regressed, new_tokens


def update_stores(new_tokens):
    """Writes the new values into the marked numbers, and today's date into those table rows."""
    today = datetime.date.today().isoformat()
    for path in STORES:
        if not os.path.exists(path):
            continue
        lines = read(path).split("\n")
        for i, line in enumerate(lines):
            changed = line
            for key, token in new_tokens.items():
                changed = re.sub(r"(<!--f:" + key + r"-->)" + TOKEN, lambda m: m.group(1) + token, changed)
            if changed != line:
                lines[i] = re.sub(r"\| \d{4}-\d{2}-\d{2} \|$", f"| {today} |", changed)
        with open(path, "w") as f:
            f.write("\n".join(lines))
    print(f"{', '.join(STORES)}: {len(new_tokens)} figures written; review them with git diff")


def main(argv):
    work, passes, update, only, baseline = argv[1], int(argv[2]), argv[3] == "1", argv[4], argv[5]
    regressed, new_tokens = report(work, passes, only, baseline or None)
    if update:
        update_stores(new_tokens)
    return 2 if regressed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
