#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (tests/fuzz/corpus/<target>/): a few small valid
inputs and one of each kind of invalid input the readers must reject. Re-run after changing it;
the files are committed. Crashing inputs found by fuzzing are added by hand as crash-<what>."""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def write(target, name, data):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)


def obj():
    write("obj", "triangle.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")
    write("obj", "quad_normals.obj",
          "# a quad with normals and texture coordinates\n"
          "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n"
          "vn 0 0 1\nf 1/1/1 2/2/1 3/3/1 4/4/1\n")
    write("obj", "negative_indices.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3 -2 -1\no b\ng c\n")
    write("obj", "forward_reference.obj", "f 1 2 3\nv 0 0 0\nv 1 0 0\nv 0 1 0\n")
    write("obj", "crlf.obj", "v 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\nf 1//1 2//1 3//1\r\nvn 0 0 1\r\n")
    write("obj", "degenerate.obj", "v 0 0 0\nv 0 0 0\nv 0 0 0\nf 1 2 3\n")
    write("obj", "bad_out_of_range.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n")
    write("obj", "bad_nan.obj", "v nan 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")
    write("obj", "bad_two_corners.obj", "v 0 0 0\nv 1 0 0\nf 1 2\n")
    write("obj", "bad_empty.obj", "\n\n")
    write("obj", "bad_binary.obj", bytes(range(0, 64)))
    write("obj", "bad_truncated.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2")


def trace(boxes, frames, values):
    return b"AABBTRC1" + struct.pack("<II", boxes, frames) + struct.pack("<%df" % len(values), *values)


def aabb_trace():
    box = [0, 0, 0, 1, 1, 1]
    absent = [0, 0, 0, -1, -1, -1]
    write("aabb_trace", "two_boxes_two_frames.trc", trace(2, 2, box + absent + box + box))
    write("aabb_trace", "empty.trc", trace(0, 0, []))
    write("aabb_trace", "no_frames.trc", trace(5, 0, []))
    write("aabb_trace", "bad_truncated.trc", trace(2, 2, box + box + box))
    write("aabb_trace", "bad_trailing.trc", trace(1, 1, box + box))
    write("aabb_trace", "bad_nan.trc", trace(1, 1, [0, float("nan"), 0, 1, 1, 1]))
    write("aabb_trace", "bad_magic.trc", b"AABBTRC2" + struct.pack("<II", 0, 0))
    write("aabb_trace", "bad_header.trc", b"AABBTRC1\x01")
    m = 3.4e38
    far = [-m, -m, -m, m, m, m, 3e38, 3e38, 3e38, m, m, m, -1e38, 0, 0, 1e9, 1, 1]
    write("aabb_trace", "far_boxes.trc", trace(3, 2, far + far[6:] + far[:6]))


def rayset(count, values):
    return b"RAYSET01" + struct.pack("<I", count) + struct.pack("<%df" % len(values), *values)


def rays():
    ray = [0, 0, -5, 0, 0, 1]
    write("rayset", "two_rays.rays", rayset(2, ray + [1, 2, 3, 0, -1, 0]))
    write("rayset", "empty.rays", rayset(0, []))
    write("rayset", "bad_truncated.rays", rayset(2, ray))
    write("rayset", "bad_trailing.rays", rayset(1, ray + [7]))
    write("rayset", "bad_inf.rays", rayset(1, [0, 0, 0, float("inf"), 0, 0]))
    write("rayset", "bad_magic.rays", b"RAYSET02" + struct.pack("<I", 0))
    write("rayset", "extreme_directions.rays",
          rayset(4, [0, 0, -60, 0, 0, 1e-19, 0, 0, -60, 0, 0, 3e38, 2e18, 0, 0, -1, 0, 0,
                     1e-45, 0, -60, 1e-30, 1e-30, 1e-15]))


def sabsp():
    # Byte programs for sabsp_fuzz.cpp: [t] then ops [op, id, operands...]; op % 8: 0-2 add/move
    # (7 box bytes), 3 nudge (3), 4 remove, 5 parameters, 6-7 step.
    def add(i, x, y, z, hx=8, hy=8, hz=8):
        return bytes([0, i, 1, x & 255, (x >> 8) & 255, y & 255, z & 255, hx, hy, hz])
    grid = b"".join(add(i, (i % 6) * 48, (i // 6) * 6, 0) for i in range(36))
    write("sabsp", "grid.bin", bytes([4]) + grid + bytes([6, 0]))
    moves = b"".join(bytes([3, i, 5, 250, 3]) for i in range(36)) + bytes([7, 0])
    write("sabsp", "grid_moves.bin", bytes([4]) + grid + bytes([6, 0]) + moves * 3)
    removes = b"".join(bytes([4, i]) for i in range(0, 36, 2)) + bytes([6, 0])
    write("sabsp", "grid_removes.bin", bytes([4]) + grid + bytes([6, 0]) + removes + grid)
    same = b"".join(add(i, 0, 0, 0) for i in range(20))
    write("sabsp", "coincident.bin", bytes([2]) + same + bytes([6, 0]))
    params = bytes([5, 0, 1, 0, 0]) + bytes([5, 0, 2, 2]) + bytes([5, 0, 7]) + bytes([5, 0, 3, 0, 4, 0])
    write("sabsp", "params.bin", bytes([3]) + grid + params + bytes([6, 0]) + moves)
    write("sabsp", "empty.bin", b"")


def extreme(*values):
    """Bytes that extreme_values.h decodes to these floats (raw float bits, mode byte >= 128)."""
    out = b""
    for v in values:
        out += bytes([200]) + struct.pack("<f", v)
    return out


def obj_extreme():
    # [style, vertex count - 3, 3 x vertex count values, face count - 1, (corners - 3, corners)...]
    big = extreme(3.4e38, -3.4e38, 1e-40, -3e38, 3e38, 0, 1.4e-45, 1e9, -1e9)
    write("obj_extreme", "cr_forward_huge.bin", bytes([16, 0]) + big + bytes([0, 0, 0, 1, 2]))
    write("obj_extreme", "crlf_comments_quad.bin",
          bytes([1 | 4 | 8 | 32, 1]) + big + extreme(1, 2, 3) + bytes([1, 1, 0, 1, 2, 3, 0, 2, 1, 0]))
    write("obj_extreme", "table_values.bin", bytes([2, 5]) + bytes(range(0, 48)) + bytes([3, 37]) +
          bytes(range(60)))


def fit100():
    # [triangle count - 1, 9 values per triangle, ray count - 1, 6 values per ray]
    tiny = extreme(0, 0, 0, 1e-40, 0, 0, 0, 1e-40, 0)
    huge = extreme(-3e38, -3e38, -3e38, 3e38, -3e38, -3e38, -3e38, 3e38, 3e38)
    ray = extreme(0, 0, -100, 0, 0, 1e-19)
    write("fit100", "tiny_and_huge.bin", bytes([1]) + tiny + huge + bytes([1]) + ray +
          extreme(1, 1, 1, 3e38, -2e38, 1e-30))
    write("fit100", "point.bin", bytes([0]) + extreme(*([5.0] * 9)) + bytes([0]) + ray)
    write("fit100", "table.bin", bytes(range(0, 120)))


def hits():
    write("hits", "three.hits", b"HITS0001" + struct.pack("<I3f", 3, 1.5, float("inf"), 3e38))
    write("hits", "empty.hits", b"HITS0001" + struct.pack("<I", 0))
    write("hits", "bad_nan.hits", b"HITS0001" + struct.pack("<If", 1, float("nan")))
    write("hits", "bad_minus_inf.hits", b"HITS0001" + struct.pack("<If", 1, float("-inf")))
    write("hits", "bad_truncated.hits", b"HITS0001" + struct.pack("<If", 2, 1.0))


if __name__ == "__main__":
    obj_extreme()
    fit100()
    hits()
    obj()
    aabb_trace()
    rays()
    sabsp()
