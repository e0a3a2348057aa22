"""tpugraphs.load, Graph and Dataset on the real sample files and on generated data: the same
arrays as np.load, read-only, zero-copy; the base-7 layout form and its decoding."""
import os
import types

import numpy as np
import pytest

import tpugraphs


def npz_files(root):
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if name.endswith(".npz"):
                yield os.path.join(folder, name)


def test_every_real_file_has_numpys_arrays(real_root):
    files = list(npz_files(real_root))
    assert len(files) == 9
    for path in files:
        graph = tpugraphs.load(path)
        expected = np.load(path)
        assert sorted(graph.keys()) == sorted(expected.files), path
        for name in expected.files:
            ours = getattr(graph, name)
            assert ours.dtype == expected[name].dtype, (path, name)
            np.testing.assert_array_equal(ours, expected[name], err_msg=f"{path}: {name}")
        assert set(graph.arrays()) == set(expected.files)


def test_graph_names_its_place(nlp_test_file):
    graph = tpugraphs.load(nlp_test_file)
    assert graph.kind == "layout"
    assert graph.collection == "layout:nlp:default"
    assert graph.split == "test"
    assert graph.name == os.path.basename(nlp_test_file)[:-4]
    assert (graph.node_count, graph.edge_count, graph.config_count) == (21918, 36278, 1001)
    assert "21918 nodes" in repr(graph)


def test_arrays_are_read_only_views_of_the_cores_buffers(nlp_test_file):
    graph = tpugraphs.load(nlp_test_file)
    for name in ("node_feat", "node_opcode", "edge_index", "config_runtime", "node_config_ids",
                 "node_splits", "node_config_feat"):
        array = getattr(graph, name)
        assert not array.flags.writeable, name
        with pytest.raises(ValueError):
            array[...] = 0
        # Zero-copy: two reads are views of one buffer.
        assert np.shares_memory(array, getattr(graph, name)), name


def test_arrays_keep_their_graph_alive(nlp_test_file):
    feat = tpugraphs.load(nlp_test_file).node_feat
    np.testing.assert_array_equal(feat, np.load(nlp_test_file)["node_feat"])


def test_tile_graph_arrays_and_kind_errors(real_root):
    path = next(p for p in npz_files(real_root) if "/tile/xla/train/" in p)
    graph = tpugraphs.load(path)
    assert (graph.kind, graph.collection, graph.split) == ("tile", "tile:xla", "train")
    assert graph.config_feat.shape == (graph.config_count, 24)
    with pytest.raises(ValueError, match="tile graph"):
        graph.node_config_feat


def test_layout_groups_are_the_base7_form(real_root):
    for path in npz_files(os.path.join(real_root, "npz", "layout")):
        graph = tpugraphs.load(path)
        groups = graph.node_config_groups
        assert groups.dtype == np.uint32
        assert groups.shape == graph.node_config_feat.shape[:2] + (3,)
        assert groups.max() < 7 ** 6
        np.testing.assert_array_equal(tpugraphs.decode_layout_groups(groups),
                                      graph.node_config_feat)
        np.testing.assert_array_equal(tpugraphs.encode_layout_groups(graph.node_config_feat),
                                      groups)


def test_layout_configs_are_packed_only_when_asked(nlp_test_file):
    """node_config_feat is the file's own array; the packed base-7 form is built on first use
    and gives the same values, the floats staying the same buffer."""
    expected = np.load(nlp_test_file)["node_config_feat"]
    graph = tpugraphs.load(nlp_test_file)
    floats = graph.node_config_feat
    np.testing.assert_array_equal(floats, expected)
    groups = graph.node_config_groups  # packs now
    np.testing.assert_array_equal(tpugraphs.decode_layout_groups(groups), expected)
    assert np.shares_memory(floats, graph.node_config_feat)
    np.testing.assert_array_equal(graph.node_config_feat, expected)


def test_base7_digits():
    six = np.array([-1, 0, 1, 2, 3, 5], dtype=np.float32)
    features = np.concatenate([six, six, six]).reshape(1, 18)
    groups = tpugraphs.encode_layout_groups(features)
    # Digits value+1, the first value most significant.
    assert groups[0, 0] == int("012346", 7)
    np.testing.assert_array_equal(tpugraphs.decode_layout_groups(groups), features)
    with pytest.raises(ValueError):
        tpugraphs.decode_layout_groups(np.array([7 ** 6, 0, 0], dtype=np.uint32))
    with pytest.raises(ValueError):
        tpugraphs.encode_layout_groups(np.full((1, 18), 6.0))


def test_dataset_lists_and_iterates_lazily(real_root):
    dataset = tpugraphs.Dataset(real_root)
    assert len(dataset) == 9
    assert dataset.collections == ["tile:xla", "layout:xla:default", "layout:xla:random",
                                   "layout:nlp:default", "layout:nlp:random"]
    assert dataset.splits("tile:xla") == ["train", "valid", "test"]
    assert dataset.splits("layout:nlp:random") == ["test"]
    listed = dataset.graphs("layout:xla:default", "train")
    assert [g["name"] for g in listed] == ["unet3d"]
    assert listed[0]["configs"] == 1159
    graphs = dataset.iter_graphs("tile:xla")
    assert isinstance(graphs, types.GeneratorType)
    assert [g.split for g in graphs] == ["train", "valid", "test"]
    assert dataset.load("unet3d").config_count == 1159
    assert sum(1 for _ in dataset) == 9


def test_dataset_root_must_be_a_dataset(tmp_path):
    with pytest.raises(tpugraphs.DataError, match="is not a TpuGraphs dataset root"):
        tpugraphs.Dataset(str(tmp_path))


def test_generated_graphs_round_trip(generated_root):
    dataset = tpugraphs.Dataset(generated_root)
    assert set(dataset.collections) == {"tile:xla", "layout:xla:default"}
    for entry in dataset.graphs():
        graph = tpugraphs.load(entry["path"])
        expected = np.load(entry["path"])
        for name in expected.files:
            np.testing.assert_array_equal(getattr(graph, name), expected[name])
        assert graph.config_count == entry["configs"]


def test_help_is_useful():
    assert "DataError" in tpugraphs.load.__doc__
    assert "scipy" in tpugraphs.kendall_tau.__doc__
    assert tpugraphs.Graph.node_feat.__doc__.startswith("float32")
