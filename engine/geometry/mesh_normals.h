// Vertex normals for meshes whose file has none, and the small statistics a loader reports.
#pragma once

#include <cstddef>

#include "engine/geometry/mesh.h"

namespace partlab {

// Area-weighted vertex normals: each triangle adds its unnormalised cross product (whose length is
// twice its area) to its three corners, so large faces dominate and slivers barely count. A vertex
// touched only by degenerate triangles gets +Y rather than NaN, so shading never breaks.
void ComputeAreaWeightedNormals(Mesh& mesh);

// Triangles whose area is zero (repeated corners or collinear points). They are kept in the mesh
// (a ray can still graze them) but counted so the UI and the loader can report them.
size_t CountDegenerateTriangles(const Mesh& mesh);

}  // namespace partlab
