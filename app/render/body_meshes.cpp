#include "app/render/body_meshes.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <utility>

namespace partlab {

// Unit cube [-1, 1]^3 with flat normals: 24 vertices (position, normal), 36 indices.
void UnitCube(std::vector<float>& v, std::vector<uint32_t>& idx) {
  for (int axis = 0; axis < 3; ++axis) {
    for (int sign = -1; sign <= 1; sign += 2) {
      const uint32_t base = uint32_t(v.size() / 6);
      const int u = (axis + 1) % 3, w = (axis + 2) % 3;
      const float corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
      for (const auto& c : corners) {
        float p[3], n[3] = {0, 0, 0};
        p[axis] = float(sign);
        p[u] = c[0] * float(sign);  // keeps the winding outward-facing on both sides
        p[w] = c[1];
        n[axis] = float(sign);
        v.insert(v.end(), {p[0], p[1], p[2], n[0], n[1], n[2]});
      }
      idx.insert(idx.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
    }
  }
}

// Unit cube [-1, 1]^3 for flat shading with per-vertex lighting (FLAT_FACES): its 8 corners,
// 36 indices. A flat-shaded face takes the colour of its triangles' provoking vertex (the last one,
// GL's default), so each face gets its own corner: face (axis a, sign s) owns the corner with
// c[a] = s, c[a+1] = s, c[a+2] = -s. The six are distinct, and each carries its face's normal;
// (1,1,1) and (-1,-1,-1) provoke nothing. On llvmpipe, where the vertex stage runs on the calling
// thread, 8 vertices instead of 24 cut most of a box's cost.
void UnitCubeCorners(std::vector<float>& v, std::vector<uint32_t>& idx) {
  auto index_of = [](glm::ivec3 c) {
    return uint32_t((c.x > 0) | (c.y > 0) << 1 | (c.z > 0) << 2);
  };
  v.assign(8 * 6, 0.0f);
  for (uint32_t i = 0; i < 8; ++i) {  // positions; normal (1,0,0) until a face claims the corner
    v[i * 6 + 0] = (i & 1) ? 1.0f : -1.0f;
    v[i * 6 + 1] = (i & 2) ? 1.0f : -1.0f;
    v[i * 6 + 2] = (i & 4) ? 1.0f : -1.0f;
    v[i * 6 + 3] = 1.0f;
  }
  for (int axis = 0; axis < 3; ++axis) {
    for (int sign = -1; sign <= 1; sign += 2) {
      const int u = (axis + 1) % 3, w = (axis + 2) % 3;
      // The face's corners counter-clockwise seen from outside, as UnitCube winds them.
      const int corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
      uint32_t q[4];
      for (int k = 0; k < 4; ++k) {
        glm::ivec3 c;
        c[axis] = sign;
        c[u] = corners[k][0] * sign;
        c[w] = corners[k][1];
        q[k] = index_of(c);
      }
      glm::ivec3 own;
      own[axis] = sign;
      own[u] = sign;
      own[w] = -sign;
      const uint32_t p = index_of(own);
      int k = 0;
      while (q[(k + 2) % 4] != p)
        ++k;  // rotate so the owned corner is q2: both triangles end on it
      const uint32_t a = q[k], b = q[(k + 1) % 4], c = q[(k + 2) % 4], d = q[(k + 3) % 4];
      idx.insert(idx.end(), {a, b, c, d, a, c});  // (a,b,c) and (d,a,c): same winding, c last
      for (int j = 0; j < 3; ++j) v[p * 6 + 3 + j] = j == axis ? float(sign) : 0.0f;
    }
  }
}

// Unit UV sphere of `slices` x `stacks` (the levels of detail are in body_meshes.h). On llvmpipe
// the vertex stage runs on the calling thread, so vertices per sphere matter: each pole is one
// vertex and a ring does not repeat its first vertex at the seam (the normal is the position, so
// nothing differs there), and the caps are fans, not bands of triangles with a zero-area half. 6 x
// 4: 20 vertices and 36 triangles, against 35 and 48 (12 of them degenerate) for the grid.
void UnitSphere(int kSlices, int kStacks, std::vector<float>& v, std::vector<uint32_t>& idx) {
  auto vertex = [&](float x, float y, float z) { v.insert(v.end(), {x, y, z, x, y, z}); };
  vertex(0, 1, 0);  // north pole: index 0
  for (int i = 1; i < kStacks; ++i) {
    const float phi = float(M_PI) * float(i) / kStacks;
    for (int j = 0; j < kSlices; ++j) {
      const float theta = 2.0f * float(M_PI) * float(j) / kSlices;
      vertex(std::sin(phi) * std::cos(theta), std::cos(phi), std::sin(phi) * std::sin(theta));
    }
  }
  vertex(0, -1, 0);  // south pole: the last index
  const uint32_t slices = uint32_t(kSlices), rings = uint32_t(kStacks - 1);
  const uint32_t south = 1 + rings * slices;
  auto ring = [&](uint32_t r, uint32_t j) { return 1 + r * slices + j % slices; };
  for (uint32_t j = 0; j < slices; ++j) {  // outward-facing throughout, as the grid was
    idx.insert(idx.end(), {0, ring(0, j + 1), ring(0, j)});
    for (uint32_t r = 0; r + 1 < rings; ++r) {
      const uint32_t a = ring(r, j), a1 = ring(r, j + 1), b = ring(r + 1, j),
                     b1 = ring(r + 1, j + 1);
      idx.insert(idx.end(), {a, a1, b, a1, b1, b});
    }
    idx.insert(idx.end(), {ring(rings - 1, j), ring(rings - 1, j + 1), south});
  }
}

int SphereDetailLevel(float radius_pixels) {
  int level = 0;
  while (level + 1 < kSphereDetailLevels && radius_pixels < kSphereDetails[level].min_radius_pixels)
    ++level;
  return level;
}

void UnitQuad(std::vector<float>& v, std::vector<uint32_t>& idx) {
  const uint32_t base = uint32_t(v.size() / 6);
  for (const auto& [x, y] : {std::pair{-1.0f, -1.0f}, {1.0f, -1.0f}, {1.0f, 1.0f}, {-1.0f, 1.0f}})
    v.insert(v.end(), {x, y, 0.0f, 0.0f, 0.0f, 1.0f});
  idx.insert(idx.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
}

ImpostorQuad PlaceImpostorQuad(const glm::vec3& centre, float radius) {
  const float distance = std::max(glm::length(centre), 1e-6f);
  const float front = std::max(distance - radius, 1e-4f);  // the eye inside: clipped anyway
  return {centre * (front / distance), radius * front / distance};
}

}  // namespace partlab
