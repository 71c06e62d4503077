// What a ray query returns and what it can report about its own work, shared by the brute force,
// the octree's two traversals, the bench, the tests and the testbed's panels and
// overlays.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

namespace partlab {

// The nearest hit: t along the ray, the triangle's id, its barycentrics (u, v). Ties in t go to the
// lowest triangle id, so every method returns the same answer for the same ray.
struct RayHit {
  bool hit = false;
  float t = std::numeric_limits<float>::infinity();
  uint32_t triangle = UINT32_MAX;
  float u = 0.0f, v = 0.0f;

  // The order every query uses to decide which of two hits is "nearer".
  bool Before(float t2, uint32_t id2) const { return t2 < t || (t2 == t && id2 < triangle); }
};

// Running counters; a query adds to them (so one struct can sum a whole batch of rays).
struct QueryStats {
  uint64_t rays = 0;           // rays answered
  uint64_t rays_skipped = 0;   // rays with a non-finite origin or a zero/non-finite direction
  uint64_t nodes_visited = 0;  // octree cells whose triangles were tested (the paper's "navegadas")
  uint64_t triangle_tests =
      0;              // Möller–Trumbore tests run (a triangle referenced twice counts twice)
  uint64_t hits = 0;  // rays with at least one hit

  void Add(const QueryStats& o) {
    rays += o.rays;
    rays_skipped += o.rays_skipped;
    nodes_visited += o.nodes_visited;
    triangle_tests += o.triangle_tests;
    hits += o.hits;
  }
  // The paper's "porcentagem de triângulos considerados no teste fino": tests per ray over N.
  double FractionTested(size_t triangle_count) const {
    return rays && triangle_count ? double(triangle_tests) / (double(rays) * triangle_count) : 0.0;
  }
};

// Everything one ray touched, in visiting order, for the testbed's overlay (visited cells, tested
// triangles). Filling it allocates; pass one only for single interactive rays.
struct QueryTrace {
  std::vector<uint32_t> visited_nodes;     // octree node indices
  std::vector<uint32_t> tested_triangles;  // triangle ids (repeats possible with leaf references)
  void Clear() {
    visited_nodes.clear();
    tested_triangles.clear();
  }
};

}  // namespace partlab
