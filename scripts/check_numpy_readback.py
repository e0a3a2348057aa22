#!/usr/bin/python3
"""Reads every .npz under a TpuGraphs dataset root with numpy and checks the official format.

Usage: /usr/bin/python3 scripts/check_numpy_readback.py DATASET_ROOT
Exit status: 0 when every file matches, 1 on the first mismatch (printed), 77 when numpy is
absent (so a caller can skip). Checks: member names, dtypes, shapes, C order everywhere except
layout edge_index (Fortran order, like the real files), deflate compression, edges u > v,
layout config values in -1..5, node_config_ids inside the graph, node_splits from 0 to N,
and runtimes 0 (normalizers 1) exactly in the test split.
"""
import os
import sys
import zipfile

try:
    import numpy as np
except ImportError:
    print("numpy is not installed for", sys.executable)
    sys.exit(77)

TILE = {"node_feat": "<f4", "node_opcode": "|u1", "edge_index": "<i8", "config_feat": "<f4",
        "config_runtime": "<i8", "config_runtime_normalizers": "<i8"}
LAYOUT = {"node_feat": "<f4", "node_opcode": "|u1", "edge_index": "<i8", "node_config_feat": "<f4",
          "node_config_ids": "<i8", "config_runtime": "<i8", "node_splits": "<i8"}


def fortran_order(zf, member):
    with zf.open(member + ".npy") as f:
        version = np.lib.format.read_magic(f)
        _, fortran, _ = np.lib.format._read_array_header(f, version)
        return fortran


def check(path):
    test = os.sep + "test" + os.sep in path
    with zipfile.ZipFile(path) as zf:
        for info in zf.infolist():
            assert info.compress_type == zipfile.ZIP_DEFLATED, f"{info.filename} not deflated"
        data = np.load(path)
        kind = TILE if "config_feat" in data.files else LAYOUT
        assert sorted(data.files) == sorted(kind), f"members {data.files}"
        for name, dtype in kind.items():
            assert data[name].dtype.str == dtype, f"{name} dtype {data[name].dtype.str}"
            want_fortran = kind is LAYOUT and name == "edge_index"
            assert fortran_order(zf, name) == want_fortran, f"{name} fortran_order"
    n = data["node_feat"].shape[0]
    assert data["node_feat"].shape == (n, 140) and data["node_opcode"].shape == (n,)
    assert np.isfinite(data["node_feat"]).all(), "node_feat not finite"
    assert ((data["node_opcode"] >= 1) & (data["node_opcode"] <= 120)).all(), "opcode range"
    e = data["edge_index"]
    assert e.ndim == 2 and e.shape[1] == 2 and (e[:, 0] > e[:, 1]).all() and (e >= 0).all() and (e < n).all()
    runtime = data["config_runtime"]
    if kind is TILE:
        c = data["config_feat"].shape[0]
        assert data["config_feat"].shape == (c, 24) and runtime.shape == (c,)
        norm = data["config_runtime_normalizers"]
        assert (runtime == 0).all() and (norm == 1).all() if test else (runtime > 0).all() and (norm > 0).all()
    else:
        ids = data["node_config_ids"]
        feat = data["node_config_feat"]
        assert feat.shape == (runtime.shape[0], ids.shape[0], 18), f"node_config_feat {feat.shape}"
        assert np.isin(feat, np.arange(-1, 6)).all(), "node_config_feat values outside -1..5"
        assert (ids >= 0).all() and (ids < n).all() and (np.diff(ids) > 0).all()
        splits = data["node_splits"]
        assert splits.shape[0] == 1 and splits[0, 0] == 0 and splits[0, -1] == n
        assert (runtime == 0).all() if test else (runtime > 0).all()
    return n


def main():
    root = sys.argv[1]
    files = nodes = 0
    for folder, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if not name.endswith(".npz"):
                continue
            path = os.path.join(folder, name)
            try:
                nodes += check(path)
            except Exception as error:  # report the file and the problem
                print(f"FAIL {path}: {error!r}")
                return 1
            files += 1
    if files == 0:
        print("no .npz files under", root)
        return 1
    print(f"numpy {np.__version__}: {files} files, {nodes} nodes read back and checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
