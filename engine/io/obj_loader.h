// Wavefront OBJ meshes through tinyobjloader: polygons triangulated, normals computed when the file
// has none. Before tinyobjloader sees the text, a validating pass checks what tinyobjloader would
// accept silently (binary data, non-finite coordinates, face indices out of range) so that every
// error names the file and the line: "bunny.obj:12: face index 9 out of range (8 vertices)".
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
};

LoadResult<Mesh> LoadObj(const std::string& path, ObjLoadStats* stats = nullptr);

// The same, from text already in memory; `name` stands for the file in error lines.
LoadResult<Mesh> ParseObj(const std::string& text, const std::string& name,
                          ObjLoadStats* stats = nullptr);

}  // namespace partlab
