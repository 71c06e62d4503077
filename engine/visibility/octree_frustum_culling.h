// Hierarchical frustum culling over the octree's cells (section 3.2.3.2, and 3.2.3.3's first
// sentence: "Os algoritmos de octree e BSP são métodos mais estruturados para culling hierárquico
// e utilizam o conceito de bounding volumes"). Per cell:
//  - outside the frustum: skipped with its whole subtree;
//  - inside: "toda a geometria que se encontra dentro do volume é passada para o rasterizador",
//    without testing any child;
//  - intersecting: "realiza-se um novo cálculo de interseção com cada um dos volumes que são filhos
//    imediatos"; a leaf that intersects passes its triangles on (clipping stays on for them).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/octree/octree.h"
#include "engine/visibility/frustum.h"

namespace partlab {

// What a culling pass decided; the buffers keep their capacity, so repeated passes over the same
// octree allocate nothing.
struct OctreeCullResult {
  static constexpr uint8_t kNotVisited = 3;  // below an outside or an inside cell
  std::vector<uint8_t> cell_class;           // per node: a BoxClass value, or kNotVisited
  std::vector<uint8_t> accepted;             // per input triangle: 1 when sent to the rasterizer
  size_t triangles_accepted = 0;  // distinct triangles (a leaf-reference octree shares some)
  size_t triangles_total = 0;     // usable triangles in the octree
  size_t cells_tested = 0;        // box tests made
  size_t cells_outside = 0, cells_inside = 0, cells_intersecting = 0;
  double seconds = 0.0;  // wall time of the pass
};

void CullOctree(const Octree& octree, const Frustum& frustum, OctreeCullResult* result);

}  // namespace partlab
