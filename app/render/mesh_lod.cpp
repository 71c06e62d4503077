#include "app/render/mesh_lod.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <unordered_map>

#include "engine/geometry/aabb.h"

namespace partlab {

namespace {

// A merged triangle by its corners rotated so the smallest index comes first, and the other two
// in increasing order; `winding` says whether that order is the triangle's (+1) or reversed (-1).
// The same three corners get the same key whichever way they are wound.
struct KeyedTriangle {
  std::array<uint32_t, 3> key;
  int winding;
  bool operator<(const KeyedTriangle& o) const { return key < o.key; }
};
KeyedTriangle Keyed(uint32_t a, uint32_t b, uint32_t c) {
  if (b < a && b < c) return Keyed(b, c, a);
  if (c < a && c < b) return Keyed(c, a, b);
  return b < c ? KeyedTriangle{{a, b, c}, 1} : KeyedTriangle{{a, c, b}, -1};
}

}  // namespace

Mesh ClusterVertices(const Mesh& mesh, int cells) {
  Aabb bounds;
  for (const glm::vec3& p : mesh.positions) bounds.Grow(p);
  Mesh out;
  out.name = mesh.name;
  if (bounds.IsEmpty() || cells < 1) return mesh;
  const glm::vec3 extent = bounds.Extent();
  const float cell = std::max({extent.x, extent.y, extent.z}) / float(cells);
  if (!(cell > 0.0f)) return mesh;
  const glm::ivec3 dims = glm::max(glm::ivec3(glm::ceil(extent / cell)), glm::ivec3(1));
  auto key_of = [&](const glm::vec3& p) {
    const glm::ivec3 c = glm::clamp(glm::ivec3((p - bounds.min) / cell), glm::ivec3(0), dims - 1);
    return (uint64_t(c.z) * uint64_t(dims.y) + uint64_t(c.y)) * uint64_t(dims.x) + uint64_t(c.x);
  };
  // Cell -> representative vertex: the mean of its positions and of its normals.
  std::unordered_map<uint64_t, uint32_t> rep;
  rep.reserve(mesh.positions.size());
  std::vector<uint32_t> remap(mesh.positions.size());
  std::vector<float> counts;
  for (size_t i = 0; i < mesh.positions.size(); ++i) {
    const auto [it, added] = rep.try_emplace(key_of(mesh.positions[i]), uint32_t(counts.size()));
    if (added) {
      out.positions.emplace_back(0.0f);
      out.normals.emplace_back(0.0f);
      counts.push_back(0.0f);
    }
    const uint32_t r = it->second;
    remap[i] = r;
    out.positions[r] += mesh.positions[i];
    if (i < mesh.normals.size()) out.normals[r] += mesh.normals[i];
    counts[r] += 1.0f;
  }
  for (size_t r = 0; r < counts.size(); ++r) {
    out.positions[r] /= counts[r];
    const float length = glm::length(out.normals[r]);
    out.normals[r] = length > 0.0f ? out.normals[r] / length : glm::vec3(0, 1, 0);
  }
  // Triangles whose corners landed in three different cells survive. Where merging made several
  // of them share their three corners, what remains is their sum: two wound opposite ways cancel
  // (a fold of no thickness), two wound the same way stay. So a closed surface stays closed
  // (IsClosedSurface: the octree view clips its cells against this mesh, and a duplicate dropped
  // would leave a hole in the count), and no triangle is drawn twice over its own reverse.
  std::vector<KeyedTriangle> tris;
  tris.reserve(mesh.TriangleCount());
  for (size_t t = 0; t < mesh.TriangleCount(); ++t) {
    const uint32_t a = remap[mesh.indices[3 * t]], b = remap[mesh.indices[3 * t + 1]],
                   c = remap[mesh.indices[3 * t + 2]];
    if (a != b && b != c && a != c) tris.push_back(Keyed(a, b, c));
  }
  std::sort(tris.begin(), tris.end());
  out.indices.reserve(3 * tris.size());
  for (size_t i = 0; i < tris.size();) {
    const std::array<uint32_t, 3>& k = tris[i].key;
    int sum = 0;
    for (; i < tris.size() && tris[i].key == k; ++i) sum += tris[i].winding;
    const std::array<uint32_t, 3> wound = sum > 0 ? k : std::array<uint32_t, 3>{k[0], k[2], k[1]};
    for (int n = std::abs(sum); n > 0; --n)
      out.indices.insert(out.indices.end(), wound.begin(), wound.end());
  }
  return out;
}

MeshLod SimplifyForDisplay(const Mesh& mesh, size_t max_triangles) {
  if (mesh.TriangleCount() <= max_triangles || max_triangles == 0) return {mesh, 0};
  // On a surface the surviving triangles grow with the square of the resolution: one probe gives
  // a close guess, and a short binary search around it the finest grid within the budget.
  constexpr int kProbe = 64;
  const size_t probe = std::max<size_t>(ClusterVertices(mesh, kProbe).TriangleCount(), 1);
  const int guess = int(kProbe * std::sqrt(double(max_triangles) / double(probe)));
  int lo = std::max(2, guess / 2), hi = std::max(lo + 1, guess * 3 / 2);
  MeshLod best{ClusterVertices(mesh, lo), lo};
  while (best.mesh.TriangleCount() > max_triangles && lo > 2) {  // the guess was too fine
    lo = std::max(2, lo / 2);
    best = {ClusterVertices(mesh, lo), lo};
  }
  while (hi - lo > std::max(2, lo / 32)) {  // about 3 % of the resolution is close enough
    const int mid = (lo + hi) / 2;
    Mesh candidate = ClusterVertices(mesh, mid);
    if (candidate.TriangleCount() <= max_triangles) {
      best = {std::move(candidate), mid};
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return best;
}

}  // namespace partlab
