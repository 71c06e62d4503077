#include "engine/geometry/closed_surface.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace partlab {

// Each directed edge a->b counts +1 on the undirected edge {min, max} when a < b and -1 when
// a > b; the surface is closed when every undirected edge sums to 0. Positions are compared by
// index: a mesh whose coincident vertices are not shared (a "soup" OBJ) does not count as closed.
bool IsClosedSurface(const Mesh& mesh) {
  const size_t n = mesh.TriangleCount();
  if (n == 0) return false;
  struct Edge {
    uint64_t key;  // min index << 32 | max index
    int direction;
  };
  std::vector<Edge> edges;
  edges.reserve(3 * n);
  for (size_t t = 0; t < n; ++t)
    for (int k = 0; k < 3; ++k) {
      const uint32_t a = mesh.indices[3 * t + k], b = mesh.indices[3 * t + (k + 1) % 3];
      if (a == b) continue;  // a collapsed corner walks nothing
      edges.push_back({uint64_t(std::min(a, b)) << 32 | std::max(a, b), a < b ? 1 : -1});
    }
  std::sort(edges.begin(), edges.end(), [](const Edge& x, const Edge& y) { return x.key < y.key; });
  for (size_t i = 0; i < edges.size();) {
    int sum = 0;
    const uint64_t key = edges[i].key;
    for (; i < edges.size() && edges[i].key == key; ++i) sum += edges[i].direction;
    if (sum != 0) return false;
  }
  return true;
}

}  // namespace partlab
