"""TpuGraphs Studio's core for Python: load and validate TpuGraphs files, score predictions
exactly as Kaggle does, validate and write submissions, draw graphs, train and use cost models.

The same C++ libraries as the ``tpugraphs`` CLI and the desktop app (docs/PYTHON.md).
"""
from __future__ import annotations

import os
from typing import Callable, Dict, Iterator, List, Optional, Union

import numpy as np

from . import _core
from ._core import (DataError, Graph, RunError, TrainingInterrupted, competition_score,
                    decode_layout_groups, encode_layout_groups, graph_metrics, kendall_tau,
                    layout_score_of_ranking, load, metric_table, normalized_tile_runtimes, opa,
                    option_table, score_submission, tile_score, top_k_error, validate_submission,
                    write_submission)

__version__ = _core.__version__

__all__ = [
    "DataError", "Dataset", "Graph", "Run", "RunError", "TrainingInterrupted",
    "competition_score", "decode_layout_groups", "draw", "encode_layout_groups",
    "graph_metrics", "kendall_tau", "layout_score_of_ranking", "load",
    "metric_table", "normalized_tile_runtimes", "opa", "option_table", "score_submission",
    "tile_score", "top_k_error", "train", "validate_submission", "write_submission",
]


class Dataset:
    """A dataset root in the official layout (``npz/{tile,layout}/...``), listed from the files'
    headers; graphs are read only when asked for (iteration loads them one at a time)."""

    def __init__(self, root: Union[str, os.PathLike]):
        self.root = os.fspath(root)
        self.entries: List[dict] = _core._scan_dataset(self.root)

    @property
    def collections(self) -> List[str]:
        """The collections present, in the official order."""
        return list(dict.fromkeys(e["collection"] for e in self.entries if e["collection"]))

    def splits(self, collection: Optional[str] = None) -> List[str]:
        """The splits present (of one collection, or of any)."""
        found = {e["split"] for e in self._select(collection, None)}
        return [s for s in ("train", "valid", "test") if s in found]

    def graphs(self, collection: Optional[str] = None, split: Optional[str] = None) -> List[dict]:
        """Header-level descriptions (name, path, collection, split, kind, nodes, edges,
        configs, configurable_nodes, compressed_bytes, error) of the matching graphs."""
        return list(self._select(collection, split))

    def load(self, name: str, collection: Optional[str] = None,
             split: Optional[str] = None) -> Graph:
        """Reads the graph called ``name`` (a file stem)."""
        for entry in self._select(collection, split):
            if entry["name"] == name:
                return load(entry["path"])
        raise KeyError(name)

    def iter_graphs(self, collection: Optional[str] = None,
                    split: Optional[str] = None) -> Iterator[Graph]:
        """The matching graphs, each read when the iteration reaches it."""
        for entry in self._select(collection, split):
            yield load(entry["path"])

    def __iter__(self) -> Iterator[Graph]:
        return self.iter_graphs()

    def __len__(self) -> int:
        return len(self.entries)

    def __repr__(self) -> str:
        return f"<tpugraphs.Dataset {self.root!r}: {len(self)} graphs in {self.collections}>"

    def _select(self, collection, split):
        for entry in self.entries:
            if collection is not None and entry["collection"] != collection:
                continue
            if split is not None and entry["split"] != split:
                continue
            yield entry


def draw(graph: Graph, view: str = "whole") -> Dict[str, object]:
    """The app's layered drawing of ``graph`` (view ``"whole"`` or ``"configurable+neighbours"``):
    per drawn node ``node`` (its id in the graph), ``x``, ``y`` (box centre; y grows down),
    ``width``, ``height``, ``layer``; per edge ``edge_from``, ``edge_to`` (drawn node indices) and
    ``edge_polylines`` (a list of k x 2 arrays, for matplotlib's LineCollection), built from
    ``edge_points`` and ``edge_point_start``; and ``bounds`` (left, top, right, bottom)."""
    drawing = _core._draw(graph, view)
    starts = drawing["edge_point_start"]
    drawing["edge_polylines"] = np.split(drawing["edge_points"], starts[1:-1])
    return drawing


def _option_text(value) -> str:
    """An option's value as the CLI takes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(_option_text(v) for v in value)
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    return str(value)


def _print_progress(record: dict) -> None:
    print(record["line"], flush=True)


ProgressCallback = Callable[[dict], None]


def _progress_callback(progress):
    if progress is True:
        return _print_progress
    return progress or None


class Run(_core.Run):
    """A training run directory (written by :func:`train`, the CLI or the app): ``options``,
    ``status``, ``step``, ``best``, ``history`` (a dict of numpy arrays, ready for
    ``pandas.DataFrame(run.history)``), ``evaluate(split)``, ``predict(graph or split)``,
    ``resume()``."""

    def predict(self, what: Union[Graph, str], dataset: Optional[str] = None,
                threads: Optional[int] = None):
        """Per-config scores (lower = predicted faster) of a :class:`Graph` (a float32 array),
        or of every graph of a split (``"test"``, ...): ``{submission ID: scores}``, ready for
        :func:`write_submission`'s ``scores``."""
        if isinstance(what, Graph):
            return self._predict_graph(what, threads)
        return self._predict_split(what, dataset, threads)

    def resume(self, progress: Union[bool, ProgressCallback, None] = True,
               threads: Optional[int] = None, **changes) -> "Run":
        """Continues the run from its last checkpoint; ``changes`` may set the options a resume
        may change (a longer ``steps`` or ``epochs``, validation, memory, device)."""
        self._resume({k: _option_text(v) for k, v in changes.items()},
                     _progress_callback(progress), threads)
        return self


def train(dataset: Union[str, os.PathLike], collection: str, run_dir: Union[str, os.PathLike],
          progress: Union[bool, ProgressCallback, None] = True, threads: Optional[int] = None,
          **options) -> Run:
    """Trains the CLI's trainer on ``collection`` of ``dataset`` into ``run_dir`` and returns the
    :class:`Run`. ``options`` are the option table's keys (see :func:`option_table`; an unknown
    key raises TypeError listing them, a bad or out-of-range value ValueError with its range).
    ``progress``: True prints the CLI's progress lines, False prints nothing, a callable gets one
    dict per report. ``threads``: LibTorch's threads (default, as in the CLI: the cores idle at
    the first call). Ctrl-C stops at the next safe point and raises :class:`TrainingInterrupted`;
    the run stays resumable."""
    given = {k: _option_text(v) for k, v in options.items()}
    given["dataset"] = os.fspath(dataset)
    given["run_dir"] = os.fspath(run_dir)
    given["collection"] = collection
    handle = _core._train(collection, given, _progress_callback(progress), threads)
    return Run(handle.path)
