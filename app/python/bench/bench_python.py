#!/usr/bin/python3
"""Benchmarks of the tpugraphs Python module against the notebook's own tools, each pair in the
same run (docs/PYTHON.md):
  load     tpugraphs.load vs np.load on the real nlp test file, every array read by both
           (numpy arrays of the same dtypes, shapes and values; ours also validated)
  kendall  tpugraphs.kendall_tau vs scipy.stats.kendalltau on 100,000 configs, with ties and
           as in real use (ns runtimes against float32 and float64 predictions)
  train    training configs/s from Python vs the CLI, same options and threads
Usage: PYTHONPATH=build/app/python bench_python.py [load|kendall|train ...]
       (env: TPUGRAPHS_DATA, the dataset root; TPUGRAPHS_CLI, the CLI; THREADS, default 1)"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import tpugraphs

ROOT = os.environ.get("TPUGRAPHS_DATA", "../shared/data/tpugraphs")
CLI = os.environ.get("TPUGRAPHS_CLI", "build/app/tpugraphs")
THREADS = int(os.environ.get("THREADS", "1"))
# Training keeps its prepared-graph cache (docs/CACHE.md) out of the (shared) dataset folder.
os.environ.setdefault("TPUGRAPHS_CACHE_DIR", tempfile.mkdtemp(prefix="tpugraphs-cache-"))


def median_seconds(work, repeats):
    return statistics.median(timed(work)[0] for _ in range(repeats))


def timed(work):
    """Wall and CPU seconds (all threads of the process) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return time.perf_counter() - wall, time.process_time() - cpu


def interleaved(readers, rounds=9):
    """Median wall and CPU seconds of each reader over rounds that run them in turn, so that a
    busy machine slows every reader alike."""
    times = [[timed(work) for work in readers] for _ in range(rounds)]
    return [(statistics.median(t[i][0] for t in times), statistics.median(t[i][1] for t in times))
            for i in range(len(readers))]


def bench_load():
    folder = os.path.join(ROOT, "npz", "layout", "nlp", "default", "test")
    path = os.path.join(folder, sorted(os.listdir(folder))[0])

    def with_numpy():
        with np.load(path) as npz:
            return {name: npz[name] for name in npz.files}

    def with_tpugraphs():
        graph = tpugraphs.load(path)
        return {name: getattr(graph, name) for name in graph.keys() if name != "node_config_feat"}

    def with_tpugraphs_floats():
        return tpugraphs.load(path).arrays()

    readers = (with_numpy, with_tpugraphs, with_tpugraphs_floats)
    for work in readers:
        work()  # page cache and allocator warmed alike
    (numpy_s, numpy_cpu), (ours_s, ours_cpu), (floats_s, floats_cpu) = interleaved(readers)
    print(f"load {os.path.basename(path)} ({os.path.getsize(path) / 1e6:.1f} MB), median of 9 "
          f"interleaved rounds, wall (CPU of all threads); load average {os.getloadavg()[0]:.1f}:")
    print(f"  np.load, all 7 arrays read:                        {numpy_s * 1e3:7.1f} ms "
          f"({numpy_cpu * 1e3:.1f})")
    print(f"  tpugraphs.load, validated, all 7 arrays (.arrays()): {floats_s * 1e3:7.1f} ms "
          f"({floats_cpu * 1e3:.1f}): {numpy_s / floats_s:.2f}x numpy's speed "
          f"({numpy_cpu / floats_cpu:.2f}x in CPU)")
    print(f"  tpugraphs.load, validated, node_config_feat unread:  {ours_s * 1e3:7.1f} ms "
          f"({ours_cpu * 1e3:.1f}): {numpy_s / ours_s:.2f}x ({numpy_cpu / ours_cpu:.2f}x)")


def kendall_inputs(rng, n):
    """Three kinds of 100,000 configs: runtimes and scores with ties on both sides (runtimes in a
    small integer range, scores rounded); as in real use, true runtimes against a model's
    predicted scores (int64 nanoseconds spanning unet3d's 23.3-71.0 s, float32 predictions
    correlated with them), nearly all distinct; and the common notebook call
    kendalltau(predicted_scores, runtimes) with float64 predictions, without ties."""
    runtimes = rng.integers(0, 20_000, n)
    scores = rng.normal(size=n).astype(np.float32).round(2)
    yield "with ties (runtimes 0..19,999, scores rounded to 2 decimals)", scores, runtimes
    runtimes = rng.integers(23_270_598_358, 70_950_843_334, n)
    scores = (runtimes / 1e10 + rng.normal(size=n) * 2).astype(np.float32)
    yield "as in real use (ns runtimes, float32 predictions)", scores, runtimes
    scores = runtimes / 1e10 + rng.normal(size=n) * 2
    yield "as a notebook calls it (ns runtimes, float64 predictions, no ties)", scores, runtimes


def bench_kendall():
    from scipy.stats import kendalltau
    n = 100_000
    for kind, scores, runtimes in kendall_inputs(np.random.default_rng(0), n):
        scipy_value = kendalltau(scores, runtimes).statistic
        ours_value = tpugraphs.kendall_tau(scores, runtimes)
        (scipy_s, scipy_cpu), (ours_s, ours_cpu) = interleaved(
            (lambda: kendalltau(scores, runtimes), lambda: tpugraphs.kendall_tau(scores, runtimes)))
        same = "identical" if ours_value == scipy_value else "DIFFERENT"
        print(f"kendall tau-b on {n:,} configs {kind}, median of 9 interleaved rounds, wall (CPU); "
              f"load average {os.getloadavg()[0]:.1f}:")
        print(f"  scipy.stats.kendalltau: {scipy_s * 1e3:7.2f} ms ({scipy_cpu * 1e3:.2f})  "
              f"tau {scipy_value!r}")
        print(f"  tpugraphs.kendall_tau:  {ours_s * 1e3:7.2f} ms ({ours_cpu * 1e3:.2f})  "
              f"tau {ours_value!r}: {scipy_s / ours_s:.2f}x scipy's speed "
              f"({scipy_cpu / ours_cpu:.2f}x in CPU), values {same}")


TRAIN = {"model": "layout-sage", "steps": 60, "log_interval": 10, "validate": False, "seed": 1}


def configs_per_second(run):
    history = run.history
    rows = ~history["is_validation"] & (history["step"] > 10)  # after the first report
    return float(np.mean(history["configs_per_s"][rows]))


def bench_train():
    work = tempfile.mkdtemp(prefix="tpugraphs-bench-")
    flags = []
    for key, value in TRAIN.items():
        flag = "--" + key.replace("_", "-")
        flags += [flag if value is not False else "--no-" + key.replace("_", "-")]
        if not isinstance(value, bool):
            flags.append(str(value))
    collection = "layout:xla:default"
    results = {}
    for side in ("cli", "python", "cli ", "python "):
        run_dir = os.path.join(work, side.strip() + str(len(results)))
        if side.startswith("cli"):
            subprocess.run([CLI, "--threads", str(THREADS), "train", "--dataset", ROOT,
                            "--collection", collection, *flags, "--run-dir", run_dir, "--quiet"],
                           check=True, capture_output=True)
            run = tpugraphs.Run(run_dir)
        else:
            run = tpugraphs.train(ROOT, collection, run_dir, progress=False, threads=THREADS,
                                  **TRAIN)
        results.setdefault(side.strip(), []).append(configs_per_second(run))
    cli_rate = statistics.mean(results["cli"])
    python_rate = statistics.mean(results["python"])
    print(f"training {collection} ({TRAIN}), {THREADS} thread(s), CLI and Python alternated, "
          "mean of 2 runs each:")
    print(f"  CLI:    {cli_rate:8.1f} configs/s  {results['cli']}")
    print(f"  Python: {python_rate:8.1f} configs/s  {results['python']} "
          f"({(python_rate / cli_rate - 1) * 100:+.1f} %)")


if __name__ == "__main__":
    benches = {"load": bench_load, "kendall": bench_kendall, "train": bench_train}
    for name in sys.argv[1:] or list(benches):
        benches[name]()
