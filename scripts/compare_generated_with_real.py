#!/usr/bin/python3
"""Compares the distributions of a generated dataset with real TpuGraphs files (numpy needed).

Usage: /usr/bin/python3 scripts/compare_generated_with_real.py GENERATED_ROOT [REAL_ROOT]
REAL_ROOT defaults to ../shared/data/tpugraphs. Prints, for tile and layout graphs separately:
opcode shares, tensor ranks, element types, edges per node, configurable share and opcodes,
layout config -1 share, distinct-config share, computations per graph and runtime spreads.
The runtime calibration table (median/best, max/best, within 1 %, distinct configs per
collection) is `tpugraphs-dev compare-runtimes ROOT [ROOT...]` (no numpy needed).
"""
import collections
import glob
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OPCODES = {}
with open(os.path.join(HERE, "..", "..", "shared", "reference", "opcodes.tsv")) as f:
    for line in f.readlines()[1:]:
        parts = line.rstrip("\n").split("\t")
        OPCODES[int(parts[0])] = parts[1]
TYPES = ["invalid", "pred", "s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64", "f16", "f32", "f64",
         "bf16", "c64", "c128", "tuple", "opaque", "token"]


def stats(root, kind):
    files = sorted(glob.glob(os.path.join(root, "npz", kind, "**", "*.npz"), recursive=True))
    s = collections.defaultdict(list)
    ops, ranks, types, conf_ops = collections.Counter(), collections.Counter(), collections.Counter(), collections.Counter()
    for path in files:
        d = np.load(path)
        nf, op, e = d["node_feat"], d["node_opcode"], d["edge_index"]
        n = len(op)
        ops.update(op.tolist())
        ranks.update((nf[:, 21:27] > 0).sum(axis=1).tolist())
        types.update(np.argmax(nf[:, 2:21], axis=1).tolist())
        s["nodes"].append(n)
        s["edges/node"].append(len(e) / max(1, n))
        s["max in-degree"].append(np.bincount(e[:, 0]).max() if len(e) else 0)
        rt = d["config_runtime"].astype(np.float64)
        s["configs"].append(len(rt))
        if (rt > 0).all() and len(rt) > 1:
            s["runtime max/min"].append(rt.max() / rt.min())
        if kind == "layout":
            ids, ncf = d["node_config_ids"], d["node_config_feat"]
            s["configurable share"].append(len(ids) / n)
            conf_ops.update(op[ids].tolist())
            s["config -1 share"].append(float((ncf == -1).mean()))
            s["distinct configs"].append(len(np.unique(ncf.reshape(len(ncf), -1), axis=0)) / len(ncf))
            s["computations"].append(d["node_splits"].shape[1] - 1)
        else:
            cf = d["config_feat"]
            s["distinct configs"].append(len(np.unique(cf, axis=0)) / len(cf))
            s["kernel bounds set"].append(float((cf[:, 7] > 0).mean()))
            s["input bounds set"].append(float((cf[:, 23] > 0).mean()))
    return len(files), s, ops, ranks, types, conf_ops


def share(counter, top):
    total = sum(counter.values())
    return {k: 100.0 * v / total for k, v in counter.most_common(top)}


def compare(kind, real_root, gen_root):
    real, gen = stats(real_root, kind), stats(gen_root, kind)
    print(f"\n=== {kind}: {real[0]} real files vs {gen[0]} generated files")
    print(f"{'statistic':28s} {'real median [min..max]':>34s} {'generated median [min..max]':>34s}")
    for key in sorted(set(real[1]) | set(gen[1])):
        cells = []
        for s in (real[1], gen[1]):
            v = s.get(key, [])
            cells.append(f"{np.median(v):10.3g} [{np.min(v):.3g}..{np.max(v):.3g}]" if v else "-")
        print(f"{key:28s} {cells[0]:>34s} {cells[1]:>34s}")
    for title, index, names in (("opcode share %", 2, OPCODES), ("rank share %", 3, None), ("element type share %", 4, TYPES),
                                ("configurable opcode share %", 5, OPCODES)):
        r, g = share(real[index], 12), share(gen[index], 12)
        name = (lambda k: names[k] if isinstance(names, dict) else names[k]) if names else str
        print(f"{title}: real " + ", ".join(f"{name(k)} {v:.0f}" for k, v in r.items()))
        print(f"{' ' * len(title)}  gen  " + ", ".join(f"{name(k)} {v:.0f}" for k, v in g.items()))


def main():
    gen_root = sys.argv[1]
    real_root = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "..", "..", "shared", "data", "tpugraphs")
    for kind in ("tile", "layout"):
        compare(kind, real_root, gen_root)


if __name__ == "__main__":
    main()
