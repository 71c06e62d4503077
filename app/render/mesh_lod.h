// A coarser copy of a mesh for display only, by vertex clustering (Rossignac and Borrel, 1993):
// the vertices falling in one cell of a uniform grid merge into their mean, triangles whose
// corners merge collapse and are dropped. Under Mesa llvmpipe every triangle is set up and binned
// on the CPU, so the dragon's 202,520 triangles, most smaller than a pixel at 1280x720, cost more
// than the picture gains; a copy of about 60,000 looks the same there and draws three times
// faster. Queries (picking, the octree) always use the full mesh: only the picture is coarser.
// GL-free, so tests/app can check it.
#pragma once

#include <cstddef>

#include "engine/geometry/mesh.h"

namespace partlab {

struct MeshLod {
  Mesh mesh;           // positions, normals (mean of the merged ones, renormalised), indices
  int grid_cells = 0;  // cells along the bounds' longest axis
};

// The finest clustering whose result has at most `max_triangles` triangles (binary search over
// the grid resolution). A mesh already within the budget comes back unchanged (grid_cells 0).
MeshLod SimplifyForDisplay(const Mesh& mesh, size_t max_triangles);

// One clustering pass on a grid of `cells` along the longest axis (exposed for the tests).
Mesh ClusterVertices(const Mesh& mesh, int cells);

}  // namespace partlab
