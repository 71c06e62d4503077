#include "engine/octree/cell_lines_outside_mesh.h"

#include "engine/geometry/closed_surface.h"
#include "engine/geometry/grid_line_interior.h"
#include "engine/geometry/mesh_triangles.h"

namespace partlab {

namespace {
// How far past each crossing a line still runs into the mesh, in finest cells: without it the
// pixel where a line pierces the surface, drawn before when the depth test let it through, would
// often be lost (on a moving dragon frame 689 pixels differ from the unclipped picture; at half a
// cell 70 of the 255,000 around the dragon do, for 1 % more lines).
constexpr float kReach = 0.5f;
}  // namespace

void CellLinesOutsideMesh::SetMesh(const Mesh& mesh) {
  ClearMesh();
  if (IsClosedSurface(mesh)) surface_ = TrianglesOf(mesh);
}

void CellLinesOutsideMesh::ClearMesh() {
  surface_.clear();
  lines_.clear();
}

const std::vector<MergedLineRecorder::Vertex>& CellLinesOutsideMesh::Clip(
    const MergedLineRecorder& lines, uint32_t points) {
  lines_.clear();
  if (surface_.empty()) return lines_;
  const GridLineInterior interior(surface_, lines.Frame(points));
  if (interior.complete()) lines.AppendOutside(interior, kReach, &lines_);
  return lines_;
}

bool CellLinesOutsideMesh::HiddenFrom(const glm::vec3& eye) const {
  return !surface_.empty() && WindingNumber(surface_, eye) == 0;
}

}  // namespace partlab
