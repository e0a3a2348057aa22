#!/usr/bin/python3
"""Benchmarks of the tpugraphs Python module against the notebook's own tools, each pair in the
same run (docs/PYTHON.md):
  load     tpugraphs.load vs np.load (every array read) on the real nlp test file
  kendall  tpugraphs.kendall_tau vs scipy.stats.kendalltau on 100,000 configs with ties
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
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


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

    for work in (with_numpy, with_tpugraphs, with_tpugraphs_floats):
        work()  # page cache and allocator warmed alike
    numpy_s = median_seconds(with_numpy, 7)
    ours_s = median_seconds(with_tpugraphs, 7)
    floats_s = median_seconds(with_tpugraphs_floats, 7)
    print(f"load {os.path.basename(path)} ({os.path.getsize(path) / 1e6:.1f} MB), median of 7:")
    print(f"  np.load, every array read:                      {numpy_s * 1e3:7.1f} ms")
    print(f"  tpugraphs.load, validated, configs compressed:  {ours_s * 1e3:7.1f} ms "
          f"({numpy_s / ours_s:.1f}x faster)")
    print(f"  tpugraphs.load + node_config_feat as floats:    {floats_s * 1e3:7.1f} ms "
          f"({numpy_s / floats_s:.1f}x faster)")


def bench_kendall():
    from scipy.stats import kendalltau
    rng = np.random.default_rng(0)
    n = 100_000
    runtimes = rng.integers(0, 20_000, n)  # ties, as real runtimes have
    scores = rng.normal(size=n).astype(np.float32).round(2)  # ties in the predictions too
    scipy_value = kendalltau(scores, runtimes).statistic
    ours_value = tpugraphs.kendall_tau(scores, runtimes)
    scipy_s = median_seconds(lambda: kendalltau(scores, runtimes), 7)
    ours_s = median_seconds(lambda: tpugraphs.kendall_tau(scores, runtimes), 7)
    print(f"kendall tau-b on {n:,} configs with ties, median of 7:")
    print(f"  scipy.stats.kendalltau: {scipy_s * 1e3:7.2f} ms  tau {scipy_value!r}")
    print(f"  tpugraphs.kendall_tau:  {ours_s * 1e3:7.2f} ms  tau {ours_value!r} "
          f"({scipy_s / ours_s:.1f}x faster, difference {abs(ours_value - scipy_value):.1e})")


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
