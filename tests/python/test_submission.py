"""Submissions from Python: writing from orders or scores with a template fill, validating, and
scoring against a split exactly as the metrics define it."""
import os

import numpy as np
import pytest
from scipy.stats import kendalltau

import tpugraphs


def oracle(root, split):
    """The true runtimes of every graph of `split`, as per-config scores (tile) and as
    fastest-first orders (layout)."""
    scores, orders, runtimes = {}, {}, {}
    for entry in tpugraphs.Dataset(root).graphs(split=split):
        graph = tpugraphs.load(entry["path"])
        key = f"{graph.collection}:{graph.name}"
        if graph.kind == "tile":
            runtimes[key] = tpugraphs.normalized_tile_runtimes(graph.config_runtime,
                                                               graph.config_runtime_normalizers)
            scores[key] = runtimes[key].astype(np.float32)
        else:
            runtimes[key] = graph.config_runtime
            orders[key] = np.argsort(runtimes[key], kind="stable")
    return scores, orders, runtimes


def test_write_then_score_an_oracle(real_root, tmp_path):
    scores, orders, runtimes = oracle(real_root, "train")
    assert scores and orders
    csv = str(tmp_path / "oracle.csv")
    written = tpugraphs.write_submission(csv, orders=orders, scores=scores)
    assert written["rows"] == len(runtimes)
    score = tpugraphs.score_submission(csv, real_root, "train")
    assert set(score["graphs"]) == set(runtimes)
    for key, value in score["graphs"].items():
        if key in scores:
            assert value == 1.0
        else:
            position = np.empty(len(orders[key]))
            position[orders[key]] = np.arange(len(orders[key]))
            assert value == pytest.approx(kendalltau(position, runtimes[key]).statistic)
    means = [c["mean"] for c in score["collections"].values()]
    assert score["overall"] == pytest.approx(np.mean(means))
    assert score["graphs_without_row"] == 0


def test_sample_submission_is_valid(real_root):
    sample = os.path.join(real_root, "sample_submission.csv")
    assert tpugraphs.validate_submission(sample) == []
    assert tpugraphs.validate_submission(sample, root=real_root) == []


def test_problems_are_listed(tmp_path):
    csv = tmp_path / "bad.csv"
    csv.write_text("ID,TopConfigs\ntile:xla:a,0;1;2;3;4\nnonsense:x,1\n")
    problems = tpugraphs.validate_submission(str(csv), partial=True)
    assert problems and problems[0].startswith("line 3: ")
    full = tpugraphs.validate_submission(str(csv))
    assert any("missing rows" in p for p in full)


def test_template_fill_from_scores(real_root, tmp_path):
    sample = os.path.join(real_root, "sample_submission.csv")
    scores = {}
    for entry in tpugraphs.Dataset(real_root).graphs(split="test"):
        key = f"{entry['collection']}:{entry['name']}"
        scores[key] = np.arange(entry["configs"], dtype=np.float32)[::-1].copy()
    csv = str(tmp_path / "filled.csv")
    written = tpugraphs.write_submission(csv, scores=scores, template=sample, root=real_root)
    assert written["rows"] == 894
    assert written["from_predictions"] == len(scores)
    assert written["from_template"] == 894 - len(scores)
    assert tpugraphs.validate_submission(csv, root=real_root) == []
    rows = dict(line.split(",") for line in open(csv).read().splitlines()[1:])
    tile_key = next(k for k in scores if k.startswith("tile:"))
    configs = len(scores[tile_key])
    assert rows[tile_key] == ";".join(str(configs - 1 - i) for i in range(5))


def test_an_invalid_submission_is_not_written(tmp_path):
    csv = tmp_path / "out.csv"
    with pytest.raises(ValueError, match="was not written"):
        tpugraphs.write_submission(str(csv), orders={"tile:xla:a": [0, 0, 1, 2, 3, 4, 5]},
                                   full=True)
    assert not csv.exists()
