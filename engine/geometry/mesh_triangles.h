// The triangles of an indexed Mesh as a flat list (triangle id = index / 3 in Mesh::indices), and
// the paper's normalisation of every test case into a 100-unit cube (../shared/formats.md,
// --fit100).
#pragma once

#include <cmath>
#include <glm/common.hpp>
#include <glm/vec3.hpp>
#include <string>
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
//
// Every derived value is computed in double: with float coordinates near +-3e38 the extent
// overflows a float (and the scale becomes 0), and an extent of 1e-40 makes 100 / extent
// infinite; in double neither can happen (extents <= 6.8e38, scales <= 7e46), and the fitted
// coordinates lie in [-50, 50]. Returns "" when fitted, else why the model cannot be (nothing was
// changed): no finite vertex, or every vertex at one point (no extent to scale).
inline std::string FitTo100Cube(std::vector<Triangle>& tris) {
  glm::dvec3 lo(INFINITY), hi(-INFINITY);
  for (const Triangle& t : tris)
    for (const glm::vec3& p : {t.v0, t.v1, t.v2})
      if (IsFinite(p)) {
        lo = glm::min(lo, glm::dvec3(p));
        hi = glm::max(hi, glm::dvec3(p));
      }
  if (!(lo.x <= hi.x)) return "no finite vertex to fit";
  const glm::dvec3 extent = hi - lo;
  const double largest = std::fmax(extent.x, std::fmax(extent.y, extent.z));
  if (!(largest > 0.0)) return "every vertex is at the same point (zero extent): nothing to scale";
  const glm::dvec3 centre = lo + extent * 0.5;  // not (lo + hi) / 2: that sum may not be exact
  const double scale = 100.0 / largest;
  auto fit = [&](glm::vec3& p) { p = glm::vec3((glm::dvec3(p) - centre) * scale); };
  for (Triangle& t : tris) {
    fit(t.v0);
    fit(t.v1);
    fit(t.v2);
  }
  return {};
}

}  // namespace partlab
