"""Test helper: .npy images and zip archives built byte by byte (the Python twin of
tests/core/zip_builder.h), so the bad-input tests can corrupt any field."""
import io
import struct
import zlib
from dataclasses import dataclass

import numpy as np


def npy(values, dtype, shape) -> bytes:
    """A .npy image with a well-formed v1 header."""
    out = io.BytesIO()
    np.lib.format.write_array(out, np.asarray(values, dtype=dtype).reshape(shape),
                              version=(1, 0))
    return out.getvalue()


def npy_raw(header: str, data: bytes) -> bytes:
    """A .npy image with a hand-written header dictionary and raw data."""
    text = header.encode()
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text + data


@dataclass
class ZipEntry:
    name: str
    payload: bytes  # as stored in the archive
    crc: int
    size: int  # declared uncompressed size
    method: int = 8  # 8 deflate, 0 stored
    declared_compressed: int = -1  # declared compressed size when >= 0 (else the payload's)


def zip_entry(name: str, content: bytes, deflate: bool = True) -> ZipEntry:
    crc = zlib.crc32(content)
    if not deflate:
        return ZipEntry(name, content, crc, len(content), method=0)
    compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
    payload = compressor.compress(content) + compressor.flush()
    return ZipEntry(name, payload, crc, len(content))


def build_zip(entries) -> bytes:
    """A plain (non-zip64) archive: local headers + data, central directory, end record."""
    out, central = bytearray(), bytearray()
    for e in entries:
        offset = len(out)
        compressed = e.declared_compressed if e.declared_compressed >= 0 else len(e.payload)
        name = e.name.encode()
        common = struct.pack("<HHHHHIIIH", 20, 0, e.method, 0, 0x21, e.crc & 0xFFFFFFFF,
                             compressed, e.size & 0xFFFFFFFF, len(name))
        out += struct.pack("<I", 0x04034B50) + common + struct.pack("<H", 0) + name
        central += (struct.pack("<IH", 0x02014B50, 20) + common +
                    struct.pack("<HHHHII", 0, 0, 0, 0, 0, offset) + name)
        out += e.payload
    central_offset = len(out)
    out += central
    out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(central),
                       central_offset, 0)
    return bytes(out)


def tile_members():
    """A valid tile graph: 4 nodes, 3 edges, 3 configs."""
    return {
        "node_feat": npy(np.ones(4 * 140), "<f4", (4, 140)),
        "node_opcode": npy([1, 2, 3, 4], "u1", (4,)),
        "edge_index": npy([1, 0, 2, 1, 3, 2], "<i8", (3, 2)),
        "config_feat": npy(np.full(3 * 24, 2.0), "<f4", (3, 24)),
        "config_runtime": npy([10, 20, 30], "<i8", (3,)),
        "config_runtime_normalizers": npy([5, 5, 5], "<i8", (3,)),
    }


def layout_members(configs=None):
    """A valid layout graph: 6 nodes, 5 edges, 2 configs, 2 configurable nodes."""
    if configs is None:
        configs = np.full(2 * 2 * 18, 3.0)
    return {
        "node_feat": npy(np.full(6 * 140, 0.5), "<f4", (6, 140)),
        "node_opcode": npy([1, 2, 3, 4, 5, 6], "u1", (6,)),
        "edge_index": npy([1, 0, 2, 1, 3, 2, 4, 3, 5, 4], "<i8", (5, 2)),
        "node_config_feat": npy(configs, "<f4", (2, 2, 18)),
        "node_config_ids": npy([2, 4], "<i8", (2,)),
        "config_runtime": npy([100, 200], "<i8", (2,)),
        "node_splits": npy([0, 6], "<i8", (1, 2)),
    }


def archive(members: dict) -> bytes:
    return build_zip([zip_entry(name + ".npy", image) for name, image in members.items()])


def with_member(members: dict, name: str, image: bytes) -> dict:
    changed = dict(members)
    changed[name] = image
    return changed


def without_member(members: dict, name: str) -> dict:
    return {k: v for k, v in members.items() if k != name}


def corrupt_entry(change) -> bytes:
    """The tile archive with entry 0 (node_feat) changed by `change(entry) -> entry`."""
    entries = [zip_entry(name + ".npy", image) for name, image in tile_members().items()]
    entries[0] = change(entries[0])
    return build_zip(entries)


def node_feat_with(value: float) -> bytes:
    feat = np.ones(4 * 140, dtype="<f4")
    feat[5] = value
    return npy(feat, "<f4", (4, 140))


def layout_configs_with(value: float):
    configs = np.full(2 * 2 * 18, 3.0, dtype="<f4")
    configs[40] = value  # config 1, node 0, feature 4
    return configs
