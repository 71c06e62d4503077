// The octree view's cells overlay as a camera outside the model sees it over the opaque mesh: the
// merged cell lines less their stretches inside the mesh (grid_line_interior.h), about two fifths
// of their length on the dragon at depth 8. The view draws these while the camera moves, over the
// very mesh they were clipped against (the coarse copy it draws then), so the picture is the same
// and a software rasteriser walks fewer pixels. Plain data, no GL.
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <vector>

#include "engine/geometry/mesh.h"
#include "engine/geometry/triangle.h"
#include "engine/octree/octree_cell_lines.h"

namespace partlab {

class CellLinesOutsideMesh {
 public:
  // The mesh drawn under the cells. Only a closed one (IsClosedSurface) hides what is inside it;
  // for any other the clipped set stays empty and nothing is hidden.
  void SetMesh(const Mesh& mesh);
  void ClearMesh();
  bool has_mesh() const { return !surface_.empty(); }

  // The recorder's lines (after Finish) less their stretches inside the mesh, on the recorder's
  // grid with `points` lattice points a side. Empty without a closed mesh, or when the lattice is
  // too fine for GridLineInterior's budget.
  const std::vector<MergedLineRecorder::Vertex>& Clip(const MergedLineRecorder& lines,
                                                      uint32_t points);
  const std::vector<MergedLineRecorder::Vertex>& lines() const { return lines_; }

  // Whether the stretches left out are hidden from an eye at `eye`: it must be outside the mesh
  // (winding number 0). Inside it, everything must be drawn again.
  bool HiddenFrom(const glm::vec3& eye) const;

 private:
  std::vector<Triangle> surface_;  // the closed mesh's triangles, empty when it is not closed
  std::vector<MergedLineRecorder::Vertex> lines_;
};

}  // namespace partlab
