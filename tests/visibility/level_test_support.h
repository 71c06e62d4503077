// Shared by the indoor-level tests: the levels, random observers inside them, and the brute-force
// reference written here, apart from the engine: every polygon fanned into triangles and hit with
// Möller–Trumbore, nearest first.
#pragma once

#include <gtest/gtest.h>
#include "test_paths.h"

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <random>
#include <string>

#include "engine/geometry/moller_trumbore.h"
#include "engine/visibility/level_generator.h"
#include "engine/visibility/level_parser.h"
#include "engine/visibility/portal_renderer.h"

namespace partlab::test {

inline IndoorLevel ClassLevel() {
  LevelLoad load = LoadLevelFile(PARTLAB_SOURCE_DIR "/assets/levels/class.level");
  EXPECT_TRUE(load.ok()) << (load.errors.empty() ? "" : load.errors[0]);
  return std::move(load.level);
}

// A generated grid, written out and read back (the way the committed large level is made).
inline IndoorLevel GridLevel(int columns, int rows, uint32_t seed) {
  GridLevelOptions options;
  options.columns = columns;
  options.rows = rows;
  options.seed = seed;
  LevelLoad load = ParseLevel(WriteLevel(MakeGridLevel(options)), "generated");
  EXPECT_TRUE(load.ok()) << (load.errors.empty() ? "" : load.errors[0]);
  return std::move(load.level);
}

// The nearest polygon along origin + t * dir, t > t_min; -1 when none. `front_only`: only
// polygons whose front faces the ray, as an eye sees them: the cells are closed and their walls
// face in, so the back of a wall is never what a viewer in the level sees (where two cells share
// a wall, its two faces are coplanar and only the one facing the eye counts).
inline int BruteNearestPolygon(const IndoorLevel& level, const glm::vec3& origin,
                               const glm::vec3& dir, float t_min, float t_max, float* t_hit,
                               bool front_only = false) {
  int best = -1;
  float best_t = t_max;
  RayTriangleOptions opt;
  opt.t_min = t_min;
  opt.cull_backfaces = front_only;
  for (size_t p = 0; p < level.polygons.size(); ++p) {
    const auto v = level.PolygonVertices(p);
    for (size_t k = 1; k + 1 < v.size(); ++k) {
      opt.t_max = best_t;
      RayTriangleHit hit;
      if (IntersectMollerTrumbore(origin, dir, v[0], v[k] - v[0], v[k + 1] - v[0], opt, &hit)) {
        best_t = hit.t;
        best = int(p);
      }
    }
  }
  if (t_hit) *t_hit = best_t;
  return best;
}

// Segment p -> q meets no polygon (touching at the ends excluded).
inline bool BruteSegmentClear(const IndoorLevel& level, const glm::vec3& p, const glm::vec3& q) {
  return BruteNearestPolygon(level, p, q - p, 1e-5f, 1.0f - 1e-5f, nullptr) < 0;
}

// The generated corridor (the large-level stress case), written out and read back.
inline IndoorLevel CorridorLevel(int cells, uint32_t seed = 5) {
  CorridorLevelOptions options;
  options.cells = cells;
  options.seed = seed;
  LevelLoad load = ParseLevel(WriteLevel(MakeCorridorLevel(options)), "corridor");
  EXPECT_TRUE(load.ok()) << (load.errors.empty() ? "" : load.errors[0]);
  return std::move(load.level);
}

inline IndoorLevel LargeLevel() {
  LevelLoad load = LoadLevelFile(PARTLAB_SOURCE_DIR "/assets/levels/large.level");
  EXPECT_TRUE(load.ok()) << (load.errors.empty() ? "" : load.errors[0]);
  return std::move(load.level);
}

struct Observer {
  PortalCamera camera;
  uint32_t cell;
};

// An eye inside a random cell, at least `margin` from its walls, floor and ceiling, looking a
// random way (a level-ish pitch), with a random field of view and aspect.
inline Observer RandomObserver(const IndoorLevel& level, std::mt19937& rng, float margin = 0.15f) {
  std::uniform_int_distribution<size_t> pick(0, level.cells.size() - 1);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  for (;;) {
    const uint32_t c = uint32_t(pick(rng));
    const Aabb& b = level.cells[c].bounds;
    const glm::vec3 eye(b.min.x + unit(rng) * (b.max.x - b.min.x),
                        b.min.y + unit(rng) * (b.max.y - b.min.y),
                        b.min.z + unit(rng) * (b.max.z - b.min.z));
    if (!level.Inside(c, eye, margin)) continue;
    const float yaw = 6.2831853f * unit(rng), pitch = (unit(rng) - 0.5f) * 1.2f;
    const glm::vec3 dir(std::cos(pitch) * std::cos(yaw), std::sin(pitch),
                        std::cos(pitch) * std::sin(yaw));
    const float fov = glm::radians(40.0f + 60.0f * unit(rng)), aspect = 1.0f + unit(rng);
    Observer o;
    o.cell = c;
    o.camera.eye = eye;
    o.camera.view_projection = glm::perspective(fov, aspect, 0.05f, 400.0f) *
                               glm::lookAt(eye, eye + dir, glm::vec3(0, 1, 0));
    return o;
  }
}

}  // namespace partlab::test
