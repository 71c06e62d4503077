#!/usr/bin/env python3
"""scripts/convert_models.py on Quake 3 levels: a level written here byte by byte (a polygon of
two triangles, a sky polygon, a 3x3 bezier patch, and a second model that is not the world),
packed into a pk3 and converted; the OBJ is read back and checked against what the format says.
A damaged level must fail with the file's name in one clear line."""
import os
import struct
import subprocess
import sys
import tempfile
import unittest
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONVERTER = os.path.join(ROOT, "scripts", "convert_models.py")


def level_bytes():
    """An IBSP 46 file with textures, models, vertices, mesh vertices and faces filled in."""
    textures = struct.pack("<64sii", b"textures/base/wall", 0, 1) + \
        struct.pack("<64sii", b"textures/skies/sky", 0x4, 1)
    # The quad (0,0,0) (10,0,0) (10,10,0) (0,10,0), counter-clockwise seen from +z (Quake 3 keeps
    # it clockwise, as its front faces are), then a 3x3 patch on the plane z = 5.
    quad = [(0, 0, 0), (0, 10, 0), (10, 10, 0), (10, 0, 0)]
    patch = [(x, y, 5) for y in (0, 5, 10) for x in (0, 5, 10)]
    positions = quad + quad + patch  # the second quad is the sky's
    vertices = b"".join(struct.pack("<3f2f2f3f4B", *p, 0, 0, 0, 0, 0, 0, 1, 255, 255, 255, 255)
                        for p in positions)
    mesh = struct.pack("<6i", 0, 1, 2, 0, 2, 3)

    def face(texture, kind, first_vertex, vertex_count, first_mesh, mesh_count, size=(0, 0)):
        return struct.pack("<7i", texture, -1, kind, first_vertex, vertex_count, first_mesh,
                           mesh_count) + bytes(4 * 5 + 4 * 12) + struct.pack("<2i", *size)

    faces = face(0, 1, 0, 4, 0, 6) + face(1, 1, 4, 4, 0, 6) + face(0, 2, 8, 9, 0, 0, (3, 3))
    # Model 0, the world, holds faces 0..2; model 1 (a door) holds face 0 again.
    models = struct.pack("<6f4i", 0, 0, 0, 10, 10, 5, 0, 3, 0, 0) + \
        struct.pack("<6f4i", 0, 0, 0, 10, 10, 5, 0, 1, 0, 0)
    lumps = {1: textures, 7: models, 10: vertices, 11: mesh, 13: faces}
    offset, header, body = 8 + 8 * 17, b"", b""
    for k in range(17):
        data = lumps.get(k, b"")
        header += struct.pack("<ii", offset + len(body), len(data))
        body += data
    return b"IBSP" + struct.pack("<i", 46) + header + body


def read_obj(path):
    vertices, triangles = [], []
    with open(path, encoding="ascii") as f:
        for line in f:
            words = line.split()
            if words and words[0] == "v":
                vertices.append(tuple(float(w) for w in words[1:4]))
            elif words and words[0] == "f":
                triangles.append(tuple(int(w) - 1 for w in words[1:4]))
    return vertices, triangles


def normal(a, b, c):
    u = [b[i] - a[i] for i in range(3)]
    w = [c[i] - a[i] for i in range(3)]
    return (u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0])


class ConvertQuake3Level(unittest.TestCase):
    def convert(self, level):
        tmp = tempfile.mkdtemp()
        pk3, out = os.path.join(tmp, "maps.pk3"), os.path.join(tmp, "level.obj")
        with zipfile.ZipFile(pk3, "w") as z:
            z.writestr("maps/test.bsp", level)
        run = subprocess.run([sys.executable, CONVERTER, "q3bsp", pk3, "maps/test.bsp", out],
                             capture_output=True, text=True)
        return run, out

    def test_world_polygons_and_patches_without_the_sky(self):
        run, out = self.convert(level_bytes())
        self.assertEqual(run.returncode, 0, run.stderr)
        vertices, triangles = read_obj(out)
        # The wall quad's two triangles and the patch's 4 x 4 quads; the sky and model 1 left out.
        self.assertEqual(len(triangles), 2 + 2 * 4 * 4)
        # Z-up to Y-up: the quad at z = 0 lies at y = 0, x kept, z = -y.
        quad = {vertices[i] for t in triangles[:2] for i in t}
        self.assertEqual(quad, {(0, 0, 0), (10, 0, 0), (10, 0, -10), (0, 0, -10)})
        # Quake 3's clockwise front faces become counter-clockwise: the floor's normal points up
        # (+y after the rotation).
        for t in triangles[:2]:
            self.assertGreater(normal(*(vertices[i] for i in t))[1], 0)
        # The flat patch interpolates its control points: every sample at y = 5 within the square.
        patch = {vertices[i] for t in triangles[2:] for i in t}
        self.assertEqual(len(patch), 5 * 5)
        for x, y, z in patch:
            self.assertAlmostEqual(y, 5)
            self.assertTrue(0 <= x <= 10 and -10 <= z <= 0)

    def test_damaged_level_fails_naming_the_file(self):
        level = bytearray(level_bytes())
        struct.pack_into("<i", level, 8 + 8 * 13 + 4, 10**9)  # the faces' lump runs past the end
        run, out = self.convert(bytes(level))
        self.assertNotEqual(run.returncode, 0)
        self.assertIn("maps.pk3:maps/test.bsp", run.stderr)
        self.assertIn("lump 13", run.stderr)
        self.assertFalse(os.path.exists(out))
        run, _ = self.convert(b"IBSP" + struct.pack("<i", 47) + bytes(200))
        self.assertIn("not a Quake 3 level", run.stderr)
        # The wall's face (the first of the faces' lump) pointing past the mesh vertices.
        level = bytearray(level_bytes())
        faces_at = struct.unpack_from("<i", level, 8 + 8 * 13)[0]
        struct.pack_into("<i", level, faces_at + 20, 5)
        run, _ = self.convert(bytes(level))
        self.assertNotEqual(run.returncode, 0)
        self.assertIn("face 0's mesh vertices 5..11 are out of range", run.stderr)


if __name__ == "__main__":
    unittest.main()
