"""Loading and dropping 1,000 graphs keeps the process's memory flat: no reference or buffer
leaks between the core's graphs and the numpy views over them."""
import gc

import tpugraphs


def resident_kib():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS in /proc/self/status")


def load_and_drop(path, count):
    for _ in range(count):
        graph = tpugraphs.load(path)
        views = [graph.node_feat, graph.edge_index, graph.node_config_feat,
                 graph.node_config_groups, graph.arrays()]
        del graph, views


def test_thousand_loads_keep_memory_flat(real_root):
    path = tpugraphs.Dataset(real_root).graphs("layout:xla:default", "train")[0]["path"]
    load_and_drop(path, 50)  # allocator pools and caches settle first
    gc.collect()
    before = resident_kib()
    load_and_drop(path, 1000)
    gc.collect()
    growth = resident_kib() - before
    # One graph with its float configs is ~9 MiB: a leak of each would be gigabytes.
    assert growth < 16 * 1024, f"resident memory grew by {growth} KiB over 1,000 loads"
