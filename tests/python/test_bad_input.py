"""Every bad file of the core's bad-input suite (tests/core/tst_data_bad_input.cpp) raises
tpugraphs.DataError, a ValueError, with exactly the core's message: the file, the array and the
problem."""
import dataclasses

import numpy as np
import pytest

import tpugraphs
from npz_images import (archive, corrupt_entry, layout_configs_with, layout_members,
                        node_feat_with, npy, npy_raw, tile_members, with_member, without_member,
                        zip_entry)

TILE = tile_members()
VALID = archive(TILE)
OK_DICT = npy(np.zeros(4 * 140), "<f4", (4, 140))
ZEROS = bytes(4 * 140 * 4)


def patched(image: bytes, index: int, value: int) -> bytes:
    changed = bytearray(image)
    changed[index] = value
    return bytes(changed)


def corrupted_stored_data(entry):
    stored = zip_entry("node_feat.npy", node_feat_with(1.0), deflate=False)
    payload = bytearray(stored.payload)
    payload[300] ^= 0xFF
    return dataclasses.replace(stored, payload=bytes(payload), crc=entry.crc)


def header(text: str) -> str:
    return "{'descr': '<f4', 'fortran_order': False, " + text + "}\n"


# (id, file bytes, array the error names ("" = the whole file), fragment of the problem,
#  read as a train file)
CASES = [
    ("empty file", b"", "", "not a readable zip archive", False),
    ("not a zip", b"hello, I am a text file\n", "", "not a readable zip archive", False),
    ("truncated file", VALID[: len(VALID) * 2 // 3], "", "not a readable zip archive", False),
    ("wrong local header magic", b"XXXX" + VALID[4:], "", "not a readable zip archive", False),
    ("bad CRC", corrupt_entry(lambda e: dataclasses.replace(e, crc=e.crc ^ 0x1234)),
     "node_feat", "CRC-32 mismatch", False),
    ("corrupted stored data", corrupt_entry(corrupted_stored_data), "node_feat",
     "CRC-32 mismatch", False),
    ("truncated deflate stream",
     corrupt_entry(lambda e: dataclasses.replace(e, payload=e.payload[: len(e.payload) // 2])),
     "node_feat", "deflate stream", False),
    ("garbage deflate stream",
     corrupt_entry(lambda e: dataclasses.replace(e, payload=b"\xff" * len(e.payload))),
     "node_feat", "corrupt or truncated deflate stream", False),
    ("inflates short", corrupt_entry(lambda e: dataclasses.replace(e, size=e.size + 10)),
     "node_feat", "ends before the declared", False),
    ("inflates long", corrupt_entry(lambda e: dataclasses.replace(e, size=e.size - 10)),
     "node_feat", "more than the declared", False),
    ("impossible size (bomb)",
     corrupt_entry(lambda e: dataclasses.replace(e, size=len(e.payload) * 2000)),
     "node_feat", "more than deflate can produce", False),
    ("entry larger than the file",
     corrupt_entry(lambda e: dataclasses.replace(e, declared_compressed=1000000)), "",
     "not a readable zip archive", False),
    ("unsupported compression", corrupt_entry(lambda e: dataclasses.replace(e, method=12)),
     "node_feat", "unsupported zip compression method 12", False),
    ("stored size mismatch",
     corrupt_entry(lambda e: dataclasses.replace(
         zip_entry("node_feat.npy", node_feat_with(1.0), deflate=False),
         size=len(node_feat_with(1.0)) + 4)),
     "node_feat", "stored zip entry has compressed size", False),
    ("npy bad magic", archive(with_member(TILE, "node_feat", patched(OK_DICT, 1, ord("X")))),
     "node_feat", "bad magic", False),
    ("npy version 4", archive(with_member(TILE, "node_feat", patched(OK_DICT, 6, 4))),
     "node_feat", "unsupported npy format version 4", False),
    ("npy header longer than member",
     archive(with_member(TILE, "node_feat", patched(OK_DICT, 9, 0x7F))), "node_feat",
     "npy header is truncated (needs 32640 bytes, 2368 available)", False),
    ("npy too short", archive(with_member(TILE, "node_feat", b"\x93NU")), "node_feat",
     "too short to be an npy array", False),
    ("malformed header",
     archive(with_member(TILE, "node_feat", npy_raw("{'descr' '<f4', }\n", ZEROS))),
     "node_feat", "malformed npy header", False),
    ("header missing key",
     archive(with_member(TILE, "node_feat",
                         npy_raw("{'descr': '<f4', 'fortran_order': False, }\n", ZEROS))),
     "node_feat", "has no 'shape'", False),
    ("header unknown key",
     archive(with_member(TILE, "node_feat", npy_raw(header("'shape': (4, 140), 'x': 1"), ZEROS))),
     "node_feat", "unexpected key 'x'", False),
    ("unsupported dtype",
     archive(with_member(TILE, "node_feat", npy_raw(
         "{'descr': '<c8', 'fortran_order': False, 'shape': (4, 70), }\n", ZEROS))),
     "node_feat", "unsupported dtype '<c8'", False),
    ("structured dtype",
     archive(with_member(TILE, "node_feat", npy_raw(
         "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (4, 140), }\n", ZEROS))),
     "node_feat", "structured arrays are not supported", False),
    ("header lies about shape",
     archive(with_member(TILE, "node_feat", npy_raw(header("'shape': (5, 140), "), ZEROS))),
     "node_feat", "needs 2800 bytes of data but 2240 are stored", False),
    ("shape overflows",
     archive(with_member(TILE, "node_feat",
                         npy_raw(header("'shape': (99999999999, 99999999999), "), ZEROS))),
     "node_feat", "is too large", False),
    ("huge shape with a zero dimension",
     archive(with_member(TILE, "node_feat",
                         npy_raw(header("'shape': (99999999999, 99999999999, 0), "), ZEROS))),
     "node_feat", "needs 0 bytes of data but 2240 are stored", False),
    ("missing array", archive(without_member(TILE, "node_opcode")), "node_opcode",
     "missing array", False),
    ("unexpected array", archive(with_member(TILE, "extra", npy([1], "<i8", (1,)))), "extra",
     "unexpected array in a tile file", False),
    ("neither tile nor layout", archive({"node_feat": TILE["node_feat"]}), "",
     "is neither a tile file", False),
    ("wrong dtype", archive(with_member(TILE, "node_feat", npy(np.zeros(560), "<i8", (4, 140)))),
     "node_feat", "has dtype int64, expected float32", False),
    ("float runtimes", archive(with_member(TILE, "config_runtime", npy([1, 2, 3], "<f8", (3,)))),
     "config_runtime", "has dtype float64, expected an integer", False),
    ("wrong rank", archive(with_member(TILE, "node_opcode", npy([1, 2, 3, 4], "u1", (4, 1)))),
     "node_opcode", "has rank 2", False),
    ("wrong feature width",
     archive(with_member(TILE, "node_feat", npy(np.zeros(4 * 139), "<f4", (4, 139)))),
     "node_feat", "expected 140 in dimension 1", False),
    ("inconsistent node count",
     archive(with_member(TILE, "node_opcode", npy([1, 2, 3, 4, 5], "u1", (5,)))), "node_opcode",
     "inconsistent with the node count 4 of node_feat", False),
    ("inconsistent config count",
     archive(with_member(TILE, "config_runtime", npy([1, 2, 3, 4], "<i8", (4,)))),
     "config_runtime", "inconsistent with the config count 3 of config_feat", False),
    ("edge out of range",
     archive(with_member(TILE, "edge_index", npy([1, 0, 2, 1, 4, 2], "<i8", (3, 2)))),
     "edge_index", "edge 2 = (4, 2) refers to node 4, outside 0..3", False),
    ("negative edge",
     archive(with_member(TILE, "edge_index", npy([1, -1, 2, 1, 3, 2], "<i8", (3, 2)))),
     "edge_index", "refers to node -1", False),
    ("huge unsigned edge",
     archive(with_member(TILE, "edge_index", npy([1, 0, 2, 1, 3, 1 << 63], "<u8", (3, 2)))),
     "edge_index", "value 9223372036854775808 at index 5 is outside", False),
    ("opcode above 255",
     archive(with_member(TILE, "node_opcode", npy([1, 2, 300, 4], "<i2", (4,)))), "node_opcode",
     "value 300 at index 2 is outside 0..255", False),
    ("NaN feature", archive(with_member(TILE, "node_feat", node_feat_with(np.nan))), "node_feat",
     "NaN at row 0, column 5", False),
    ("Inf feature", archive(with_member(TILE, "node_feat", node_feat_with(np.inf))), "node_feat",
     "Inf at row 0, column 5", False),
    ("zero runtime in train",
     archive(with_member(TILE, "config_runtime", npy([10, 0, 30], "<i8", (3,)))),
     "config_runtime", "runtime of config 1 is 0 in a train/valid file", True),
    ("negative runtime",
     archive(with_member(TILE, "config_runtime", npy([10, -5, 30], "<i8", (3,)))),
     "config_runtime", "runtime -5 of config 1 is negative", False),
    ("zero normalizer",
     archive(with_member(TILE, "config_runtime_normalizers", npy([5, 0, 5], "<i8", (3,)))),
     "config_runtime_normalizers", "normalizer 0 of config 1 is not positive", False),
    ("layout config value 7", archive(layout_members(layout_configs_with(7.0))),
     "node_config_feat",
     "value 7.000000 at config 1, configurable node 0, feature 4 is not an integer in -1..5",
     False),
    ("layout config value 0.5", archive(layout_members(layout_configs_with(0.5))),
     "node_config_feat", "not an integer in -1..5", False),
    ("layout config NaN", archive(layout_members(layout_configs_with(np.nan))),
     "node_config_feat", "value nan at config 1", False),
    ("configurable id out of range",
     archive(with_member(layout_members(), "node_config_ids", npy([2, 6], "<i8", (2,)))),
     "node_config_ids", "configurable id 6 at index 1 is outside 0..5", False),
    ("duplicate configurable id",
     archive(with_member(layout_members(), "node_config_ids", npy([4, 4], "<i8", (2,)))),
     "node_config_ids", "not strictly increasing", False),
    ("node split out of range",
     archive(with_member(layout_members(), "node_splits", npy([0, 7], "<i8", (1, 2)))),
     "node_splits", "split 7 at index 1 is outside 0..6", False),
    ("layout configurable count mismatch",
     archive(with_member(layout_members(), "node_config_ids", npy([1, 2, 4], "<i8", (3,)))),
     "node_config_ids", "inconsistent with the configurable node count 2 of node_config_feat",
     False),
    ("tile array in a layout file",
     archive(with_member(layout_members(), "config_runtime_normalizers",
                         npy([1, 1], "<i8", (2,)))),
     "config_runtime_normalizers", "unexpected array in a layout file", False),
]


@pytest.mark.parametrize("image,array,problem,train", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_bad_file_raises_the_cores_error(tmp_path, image, array, problem, train):
    path = tmp_path / "graph.npz"
    path.write_bytes(image)
    with pytest.raises(tpugraphs.DataError) as raised:
        tpugraphs.load(str(path), require_runtimes=train)
    error = raised.value
    assert isinstance(error, ValueError)
    assert error.file == str(path)
    assert error.array == array
    assert problem in error.problem
    # The core's message, whole: the file, then the array, then the problem.
    expected = str(path) + (f": array '{array}'" if array else "") + ": " + error.problem
    assert str(error) == expected


def test_the_fixtures_themselves_load(tmp_path):
    for name, members in (("tile", tile_members()), ("layout", layout_members())):
        path = tmp_path / f"{name}.npz"
        path.write_bytes(archive(members))
        graph = tpugraphs.load(str(path), require_runtimes=True)
        assert graph.kind == name


def test_a_missing_file_names_it(tmp_path):
    path = tmp_path / "absent.npz"
    with pytest.raises(tpugraphs.DataError) as raised:
        tpugraphs.load(str(path))
    assert str(path) in str(raised.value)
