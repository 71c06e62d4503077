// The triangles of an indexed Mesh as a flat list (triangle id = index / 3 in Mesh::indices), and
// the paper's normalisation of every test case into a 100-unit cube (../shared/formats.md,
// --fit100).
#pragma once

#include <vector>

#include "engine/geometry/mesh.h"
#include "engine/geometry/triangle.h"

namespace partlab {

inline std::vector<Triangle> TrianglesOf(const Mesh& mesh) {
  std::vector<Triangle> out(mesh.TriangleCount());
  for (size_t i = 0; i < out.size(); ++i)
    out[i] = {mesh.positions[mesh.indices[3 * i]], mesh.positions[mesh.indices[3 * i + 1]],
              mesh.positions[mesh.indices[3 * i + 2]]};
  return out;
}

// "Todos os casos-teste ... foram esticados ou encolhidos para caberem completamente num cubo de
// cem unidades de aresta": translate the bounding box's centre to the origin and scale uniformly by
// 100 / (largest extent). Non-finite positions are left for the octree to reject and count.
inline void FitTo100Cube(std::vector<Triangle>& tris) {
  Aabb box;
  for (const Triangle& t : tris)
    for (const glm::vec3& p : {t.v0, t.v1, t.v2})
      if (IsFinite(p)) box.Grow(p);
  if (box.IsEmpty()) return;
  const glm::vec3 e = box.Extent();
  const float largest = std::fmax(e.x, std::fmax(e.y, e.z));
  if (!(largest > 0.0f)) return;
  const glm::vec3 c = box.Center();
  const float s = 100.0f / largest;
  for (Triangle& t : tris) {
    t.v0 = (t.v0 - c) * s;
    t.v1 = (t.v1 - c) * s;
    t.v2 = (t.v2 - c) * s;
  }
}

}  // namespace partlab
