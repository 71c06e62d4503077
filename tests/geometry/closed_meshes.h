// Closed, consistently wound test meshes (counter-clockwise seen from outside), with shared
// vertices as IsClosedSurface and GridLineInterior need: a box, an octahedron and a torus.
#pragma once

#include <cmath>
#include <glm/vec3.hpp>

#include "engine/geometry/mesh.h"

namespace partlab::test {

inline Mesh Box(const glm::vec3& lo, const glm::vec3& hi) {
  Mesh m;
  for (int i = 0; i < 8; ++i)
    m.positions.push_back({i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z});
  // Each face as two triangles, wound so their normals point out of the box.
  m.indices = {0, 2, 1, 1, 2, 3,   // z = lo
               4, 5, 6, 5, 7, 6,   // z = hi
               0, 1, 4, 1, 5, 4,   // y = lo
               2, 6, 3, 3, 6, 7,   // y = hi
               0, 4, 2, 2, 4, 6,   // x = lo
               1, 3, 5, 3, 7, 5};  // x = hi
  return m;
}

inline Mesh Octahedron(const glm::vec3& c, float r) {
  Mesh m;
  m.positions = {c + glm::vec3(r, 0, 0), c - glm::vec3(r, 0, 0), c + glm::vec3(0, r, 0),
                 c - glm::vec3(0, r, 0), c + glm::vec3(0, 0, r), c - glm::vec3(0, 0, r)};
  m.indices = {0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5};
  return m;
}

// Ring radius R around +y through c, tube radius r; a concave solid with a hole through it.
inline Mesh Torus(const glm::vec3& c, float R, float r, int around, int across) {
  Mesh m;
  for (int i = 0; i < around; ++i)
    for (int j = 0; j < across; ++j) {
      const float u = 6.2831853f * float(i) / float(around);
      const float v = 6.2831853f * float(j) / float(across);
      const float d = R + r * std::cos(v);
      m.positions.push_back(c + glm::vec3(d * std::cos(u), r * std::sin(v), d * std::sin(u)));
    }
  auto at = [&](int i, int j) { return uint32_t((i % around) * across + (j % across)); };
  for (int i = 0; i < around; ++i)
    for (int j = 0; j < across; ++j)
      m.indices.insert(m.indices.end(), {at(i, j), at(i, j + 1), at(i + 1, j), at(i + 1, j),
                                         at(i, j + 1), at(i + 1, j + 1)});
  return m;
}

// The mesh with every triangle wound the other way.
inline Mesh Reversed(Mesh m) {
  for (size_t t = 0; t + 2 < m.indices.size(); t += 3)
    std::swap(m.indices[t + 1], m.indices[t + 2]);
  return m;
}

}  // namespace partlab::test
