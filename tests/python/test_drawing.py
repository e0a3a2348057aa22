"""tpugraphs.draw: the app's layered drawing as numpy arrays, for both views."""
import numpy as np
import pytest

import tpugraphs


def check_drawing(drawing, graph):
    n = len(drawing["node"])
    for key in ("x", "y", "width", "height", "layer"):
        assert drawing[key].shape == (n,), key
    assert drawing["node"].max() < graph.node_count
    edges = len(drawing["edge_from"])
    assert drawing["edge_point_start"].shape == (edges + 1,)
    assert len(drawing["edge_polylines"]) == edges
    left, top, right, bottom = drawing["bounds"]
    assert left <= drawing["x"].min() and drawing["x"].max() <= right
    assert top <= drawing["y"].min() and drawing["y"].max() <= bottom
    for e in range(min(edges, 50)):
        line = drawing["edge_polylines"][e]
        producer, consumer = drawing["edge_from"][e], drawing["edge_to"][e]
        # From the producer's bottom centre to the consumer's top centre.
        assert line[0] == pytest.approx([drawing["x"][producer],
                                         drawing["y"][producer] + drawing["height"][producer] / 2])
        assert line[-1] == pytest.approx([drawing["x"][consumer],
                                          drawing["y"][consumer] - drawing["height"][consumer] / 2])


def test_whole_graph(real_root):
    graph = tpugraphs.Dataset(real_root).load("unet3d")
    drawing = tpugraphs.draw(graph)
    assert len(drawing["node"]) == graph.node_count
    np.testing.assert_array_equal(np.sort(drawing["node"]), np.arange(graph.node_count))
    check_drawing(drawing, graph)


def test_configurable_neighbourhood(real_root):
    graph = tpugraphs.Dataset(real_root).load("unet3d")
    drawing = tpugraphs.draw(graph, view="configurable+neighbours")
    assert set(graph.node_config_ids) <= set(drawing["node"])
    assert len(drawing["node"]) < graph.node_count
    check_drawing(drawing, graph)


def test_unknown_view(generated_root):
    graph = next(iter(tpugraphs.Dataset(generated_root)))
    check_drawing(tpugraphs.draw(graph), graph)
    with pytest.raises(ValueError, match="unknown view"):
        tpugraphs.draw(graph, view="sideways")
