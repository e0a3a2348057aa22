"""Metrics from Python against their definitions: Kendall tau-b equal to scipy's on random data
with ties, tile score, top-K error, OPA, per-graph metrics, collection and competition scores."""
import itertools

import numpy as np
import pytest
from scipy.stats import kendalltau

import tpugraphs


@pytest.mark.parametrize("n,levels", [(2, 2), (10, 3), (100, 5), (1000, 20), (100000, 1000),
                                      (5000, 10 ** 9)])
def test_kendall_tau_is_scipys_with_ties(n, levels):
    rng = np.random.default_rng(n + levels)
    for _ in range(5):
        x = rng.integers(0, levels, n)
        y = rng.integers(0, levels, n).astype(np.float64) + rng.integers(0, 2, n) * 0.5
        expected = kendalltau(x, y).statistic
        if np.isnan(expected):
            continue
        assert tpugraphs.kendall_tau(x, y) == pytest.approx(expected, rel=1e-12, abs=1e-15)


# scipy's p-value (not compared) overflows an intermediate at 10^5 values.
@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
@pytest.mark.parametrize("n", [0, 1, 2, 3, 10, 100, 1000, 10_000, 100_000])
def test_kendall_tau_is_exactly_scipys_for_every_dtype(n):
    """The same value to the last bit, ties in both samples, for the dtypes read in place
    (float64, float32, int64, int32) and one converted (uint8); nan where scipy gives it is 0.0."""
    rng = np.random.default_rng(n)
    samples = {
        "runtimes": rng.integers(0, max(2, n // 5), n),  # int64, ties
        "scores": rng.normal(size=n).astype(np.float32).round(1),  # float32, ties
        "float64": rng.normal(size=n).round(2) * 1e6,  # negatives, ties
        "int32": rng.integers(-50, 50, n).astype(np.int32),
        "uint8": rng.integers(0, 4, n).astype(np.uint8),
        "all-tied": np.full(n, 3.5),
        "signed-zeros": rng.choice(np.array([-0.0, 0.0, 1.0]), n),
    }
    for x_name, x in samples.items():
        for y_name, y in samples.items():
            expected = kendalltau(x, y).statistic if n >= 2 else np.nan
            ours = tpugraphs.kendall_tau(x, y)
            if np.isnan(expected):
                assert ours == 0.0, (x_name, y_name)
            else:
                assert ours == expected, (x_name, y_name, ours, expected)


def test_kendall_tau_reads_views_and_lists_like_scipy():
    rng = np.random.default_rng(3)
    x = rng.integers(0, 30, 2000)
    y = rng.normal(size=4000).round(1)[::2]  # a strided view
    assert tpugraphs.kendall_tau(x, y) == kendalltau(x, y).statistic
    assert tpugraphs.kendall_tau(list(x), list(y)) == kendalltau(x, y).statistic
    with pytest.raises(ValueError, match="one-dimensional"):
        tpugraphs.kendall_tau(np.zeros((2, 2)), np.zeros((2, 2)))


def test_kendall_tau_accepts_lists_and_extremes():
    assert tpugraphs.kendall_tau([1, 2, 3], [1, 2, 3]) == 1.0
    assert tpugraphs.kendall_tau([1, 2, 3], [3, 2, 1]) == -1.0
    # Where scipy gives nan (a constant side), the core's rule: 0.0.
    assert np.isnan(kendalltau([1, 1, 1], [1, 2, 3]).statistic)
    assert tpugraphs.kendall_tau([1, 1, 1], [1, 2, 3]) == 0.0
    with pytest.raises(ValueError, match="same length"):
        tpugraphs.kendall_tau([1, 2], [1, 2, 3])
    with pytest.raises(ValueError):
        tpugraphs.kendall_tau([1, np.nan], [1, 2])


def brute_opa(scores, runtimes):
    right = total = 0
    for i, j in itertools.combinations(range(len(scores)), 2):
        if runtimes[i] == runtimes[j]:
            continue
        total += 1
        faster, slower = (i, j) if runtimes[i] < runtimes[j] else (j, i)
        right += scores[faster] < scores[slower]
    return right / total


def test_opa_counts_ordered_pairs():
    rng = np.random.default_rng(7)
    scores = rng.integers(0, 6, 40).astype(np.float32)
    runtimes = rng.integers(0, 8, 40).astype(np.float64)
    assert tpugraphs.opa(scores, runtimes) == pytest.approx(brute_opa(scores, runtimes))
    assert tpugraphs.opa([1, 2], [5, 5]) == 0.5


def test_tile_score_and_top_k_error():
    runtimes = np.array([4.0, 2.0, 8.0, 1.0, 16.0, 3.0])
    assert tpugraphs.tile_score(runtimes, [3]) == 1.0
    assert tpugraphs.tile_score(runtimes, [0, 1]) == pytest.approx(2 - 2.0 / 1.0)
    scores = np.array([0, 1, 2, 3, 4, 5], dtype=np.float32)  # predicts config 0 fastest
    assert tpugraphs.top_k_error(scores, runtimes, 1) == pytest.approx(4.0 - 1)
    assert tpugraphs.top_k_error(scores, runtimes, 4) == 0.0
    with pytest.raises(ValueError):
        tpugraphs.tile_score(runtimes, [6])
    np.testing.assert_array_equal(tpugraphs.normalized_tile_runtimes([10, 20], [5, 4]), [2, 5])


def test_metric_table_names_the_keys_of_graph_metrics():
    keys = {row["key"] for row in tpugraphs.metric_table()}
    runtime = np.array([30, 10, 20, 40], dtype=np.int64)
    assert keys <= set(tpugraphs.graph_metrics(runtime.astype(np.float32), runtime))
    scores = [row["key"] for row in tpugraphs.metric_table() if row["score"]]
    assert sorted(scores) == ["kendall", "top5_score"]


def test_graph_metrics_of_both_kinds():
    runtime = np.array([30, 10, 20, 40], dtype=np.int64)
    perfect = runtime.astype(np.float32)
    layout = tpugraphs.graph_metrics(perfect, runtime)
    assert layout["kendall"] == 1.0 and layout["opa"] == 1.0
    tile = tpugraphs.graph_metrics(perfect, runtime, np.ones(4, dtype=np.int64))
    assert tile["top5_score"] == 1.0 and tile["top1_error"] == 0.0
    ranking = np.argsort(runtime)
    assert tpugraphs.layout_score_of_ranking(ranking, runtime) == 1.0
    assert tpugraphs.layout_score_of_ranking(ranking[::-1].copy(), runtime) == -1.0


def test_collection_and_competition_scores():
    score = tpugraphs.competition_score({
        "tile:xla:a": 0.9, "tile:xla:b": 0.7,
        "layout:nlp:random:c": 0.2,
    })
    assert score["collections"]["tile:xla"] == {"graphs": 2, "mean": pytest.approx(0.8)}
    assert score["collections"]["layout:nlp:random"]["mean"] == pytest.approx(0.2)
    assert score["overall"] == pytest.approx(0.5)
    assert not score["complete"]
    with pytest.raises(ValueError):
        tpugraphs.competition_score({"nonsense": 1.0})
