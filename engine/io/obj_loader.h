// Wavefront OBJ meshes, read by one reader that decides everything: which lines count, what each
// index means, how polygons become triangles. Every error names the file and the line:
// "bunny.obj:12: face vertex index 9 out of range (8 vertices)".
//
// What it accepts is what real exporters write (obj_lines.h: LF, CR LF or CR line endings,
// comments after data, backslash continuations), faces that refer to vertices defined later in
// the file (resolved once the whole file is read), and negative indices (relative to the vertices
// defined so far). A polygon of n corners becomes n - 2 triangles, fanned from its first corner
// (the format describes planar convex polygons), so the triangle count is exactly what the file
// says: the sum of (corners - 2) over its faces. Reading is bounded (bounded_file.h, and
// kMaxObjLineBytes per line).
#pragma once

#include <cstddef>
#include <string>

#include "engine/geometry/mesh.h"
#include "engine/io/load_result.h"

namespace partlab {

// What the loader noticed besides the mesh itself.
struct ObjLoadStats {
  size_t degenerate_triangles = 0;  // zero-area triangles: kept in the mesh, counted here
  bool normals_computed = false;    // true when the file had no (complete) normals
  size_t polygons = 0;              // faces of more than 3 corners, fanned into triangles
};

LoadResult<Mesh> LoadObj(const std::string& path, ObjLoadStats* stats = nullptr);

// The same, from text already in memory; `name` stands for the file in error lines.
LoadResult<Mesh> ParseObj(const std::string& text, const std::string& name,
                          ObjLoadStats* stats = nullptr);

}  // namespace partlab
