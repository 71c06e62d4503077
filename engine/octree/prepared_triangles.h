// Triangles prepared once for the hot ray loops: V0, E1, E2 precomputed (the paper's equations 7
// and 8 hoisted out of the per-ray loop) and packed with the triangle id, so a cell's triangles are
// one contiguous run of 40-byte records. Degenerate input (non-finite or zero-area, see
// FindDefect) is skipped here and counted, so no query ever computes with it.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/geometry/triangle.h"

namespace partlab {

struct PackedTriangle {
  glm::vec3 v0, e1, e2;
  uint32_t id;  // index into the caller's triangle list
};

inline PackedTriangle Pack(const Triangle& t, uint32_t id) {
  return {t.v0, t.Edge1(), t.Edge2(), id};
}

// Counts of what was skipped, shared by the brute force and the octree's build statistics.
struct DefectCounts {
  size_t non_finite = 0;
  size_t zero_area = 0;
  size_t Total() const { return non_finite + zero_area; }
};

// The usable triangles in id order: what the brute force loops over.
class PreparedTriangles {
 public:
  explicit PreparedTriangles(std::span<const Triangle> triangles) : input_count_(triangles.size()) {
    packed_.reserve(triangles.size());
    for (size_t i = 0; i < triangles.size(); ++i) {
      switch (FindDefect(triangles[i])) {
        case TriangleDefect::kNonFinite:
          ++defects_.non_finite;
          break;
        case TriangleDefect::kZeroArea:
          ++defects_.zero_area;
          break;
        case TriangleDefect::kNone:
          packed_.push_back(Pack(triangles[i], uint32_t(i)));
          bounds_.Grow(triangles[i].Bounds());
          break;
      }
    }
  }
  std::span<const PackedTriangle> packed() const { return packed_; }
  size_t input_count() const { return input_count_; }
  const DefectCounts& defects() const { return defects_; }
  // The box of the usable triangles, as the octree computes it (ray_scale.h moves far origins
  // to it identically in both).
  const Aabb& bounds() const { return bounds_; }

 private:
  std::vector<PackedTriangle> packed_;
  size_t input_count_;
  DefectCounts defects_;
  Aabb bounds_;
};

}  // namespace partlab
