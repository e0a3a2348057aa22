"""Training from Python: the option table's keys checked, the CLI's trainer run (same weights as
the CLI with the same options and threads), Run over the run directory (history, evaluate,
predict, resume), and Ctrl-C stopping at a safe point with the run resumable."""
import os
import signal
import threading

import numpy as np
import pytest

import tpugraphs
from conftest import run_cli

# A short tile run: the same options on both sides (the CLI spells them as flags).
OPTIONS = {"model": "late-join-sage", "steps": 8, "hidden_dim": 32, "validation_interval": 4,
           "seed": 3}
CLI_FLAGS = ["--model", "late-join-sage", "--steps", "8", "--hidden-dim", "32",
             "--validation-interval", "4", "--seed", "3"]


def test_unknown_key_and_out_of_range(generated_root, tmp_path):
    with pytest.raises(TypeError, match="unknown training option 'learning_rat'.*learning_rate"):
        tpugraphs.train(generated_root, "tile:xla", tmp_path / "a", learning_rat=0.1)
    with pytest.raises(ValueError, match="--learning-rate 1000 is out of range: 0 to 1"):
        tpugraphs.train(generated_root, "tile:xla", tmp_path / "b", learning_rate=1000)
    with pytest.raises(ValueError, match="unknown collection"):
        tpugraphs.train(generated_root, "tile:abc", tmp_path / "c")
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()
    keys = [row["key"] for row in tpugraphs.option_table()]
    assert "learning_rate" in keys and "steps" in keys


def test_train_run_history_evaluate_predict_resume(generated_root, tmp_path):
    records = []
    run = tpugraphs.train(generated_root, "tile:xla", tmp_path / "run", progress=records.append,
                          threads=1, **OPTIONS)
    assert isinstance(run, tpugraphs.Run)
    assert run.status == "completed" and run.step == 8
    assert run.options["hidden_dim"] == 32 and run.options["model"] == "late-join-sage"
    assert any(r["phase"] == "training" and "step" in r["line"] for r in records)
    assert any(r["validation"] is not None for r in records)
    history = run.history
    assert history["step"].dtype == np.int64 and history["step"][-1] == 8
    assert history["is_validation"].any()
    assert len({len(column) for column in history.values()}) == 1

    evaluation = run.evaluate("valid")
    assert 0 < evaluation["graphs"] == len(evaluation["per_graph"])
    assert evaluation["top5_score"] == pytest.approx(run.best["top5_score"])

    graph = next(tpugraphs.Dataset(generated_root).iter_graphs("tile:xla", "test"))
    scores = run.predict(graph)
    assert scores.dtype == np.float32 and scores.shape == (graph.config_count,)
    split_scores = run.predict("test")
    np.testing.assert_array_equal(split_scores[f"tile:xla:{graph.name}"], scores)
    csv = str(tmp_path / "submission.csv")
    tpugraphs.write_submission(csv, scores=split_scores)
    assert tpugraphs.validate_submission(csv, root=generated_root, partial=True) == []

    run.resume(steps=12, progress=False)
    assert run.status == "completed" and run.step == 12
    assert tpugraphs.Run(run.path).history["step"][-1] == 12
    with pytest.raises(TypeError):
        run.resume(stepz=20)
    with pytest.raises(ValueError):
        run.resume(hidden_dim=64)  # fixed on resume


def test_same_weights_as_the_cli(generated_root, tmp_path):
    """The CLI and Python, same options and one thread: the same run, step for step. The
    weights are compared through what they compute: every test graph's scores."""
    cli_dir = str(tmp_path / "cli")
    run_cli("--threads", "1", "train", "--dataset", generated_root, "--collection", "tile:xla",
            *CLI_FLAGS, "--run-dir", cli_dir, "--quiet")
    ours = tpugraphs.train(generated_root, "tile:xla", tmp_path / "python", progress=False,
                           threads=1, **OPTIONS)
    theirs = tpugraphs.Run(cli_dir)
    for key in ("loss", "kendall", "top5_score", "opa"):
        np.testing.assert_array_equal(ours.history[key], theirs.history[key], err_msg=key)
    for graph in tpugraphs.Dataset(generated_root).iter_graphs("tile:xla"):
        np.testing.assert_array_equal(ours.predict(graph), theirs.predict(graph))
    assert open(os.path.join(cli_dir, "options.json")).read().replace(cli_dir, "") == \
        open(os.path.join(ours.path, "options.json")).read().replace(ours.path, "")


def test_ctrl_c_stops_at_a_safe_point(generated_root, tmp_path):
    training = threading.Event()

    def progress(record):
        if record["phase"] == "training":
            training.set()

    def interrupt():
        assert training.wait(600), "training never reported progress"
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=interrupt, daemon=True).start()
    run_dir = tmp_path / "interrupted"
    with pytest.raises(KeyboardInterrupt) as raised:
        tpugraphs.train(generated_root, "tile:xla", run_dir, progress=progress, threads=1,
                        model="late-join-sage", steps=100000, hidden_dim=16, log_interval=1)
    assert isinstance(raised.value, tpugraphs.TrainingInterrupted)
    assert raised.value.run_dir == str(run_dir)
    run = tpugraphs.Run(str(run_dir))
    assert run.status == "cancelled"
    assert 0 < run.step < 100000
    stopped_at = run.step
    run.resume(steps=stopped_at + 2, progress=False)
    assert run.status == "completed" and run.step == stopped_at + 2
