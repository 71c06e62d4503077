// Where the lines of a regular lattice run inside a closed triangle surface (for the octree
// view's frame rate). The octree view draws its cells over the opaque model; at depth 8 on the
// dragon about two fifths of the cell edges' length lies inside the solid, never visible from a
// camera outside it, yet a software rasteriser walks every one of those pixels before the depth
// test rejects them. Knowing the inside stretches of every lattice line lets the view skip them.
//
// How: each triangle is projected along each axis onto the lattice's perpendicular plane, and
// every lattice line whose foot falls inside the projection crosses the triangle there. Counting
// the crossings with the sign of the triangle's facing gives the winding number along the line
// (0 outside, 1 inside a surface wound counter-clockwise seen from outside, -1 for the opposite
// winding): the line is inside where it is not 0. The coverage test is watertight (edges are
// evaluated the same way from both triangles that share them, and a point exactly on an edge or a
// vertex belongs to exactly one side by a top-left rule, as GPUs fill pixels), so a line through
// an edge or a vertex is counted once: no stretch is lost or doubled. Exact for any closed
// surface (IsClosedSurface); on an open one the crossings of some lines do not sum to 0, and those
// lines are given no inside at all.
// GL-free and independent of the octree: the lattice is whatever grid the overlay was merged on.
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

#include "engine/geometry/triangle.h"

namespace partlab {

// The lattice origin + spacing * (i, j, k) with i, j, k in [0, points).
struct GridFrame {
  glm::vec3 origin{0.0f};
  float spacing = 1.0f;
  uint32_t points = 0;
};

class GridLineInterior {
 public:
  // A stretch [from, to] along a lattice line, in grid units from the origin (0 .. points - 1).
  struct Stretch {
    float from, to;
  };
  // Crossings are 16 bytes each; a surface whose projections would hold more than this many
  // lattice points (a fine lattice under large triangles) is not processed: complete() is false
  // and no line has an inside.
  static constexpr size_t kMaxCrossings = size_t(1) << 23;

  GridLineInterior() = default;
  GridLineInterior(std::span<const Triangle> surface, const GridFrame& grid);

  // The lattice line along `axis` through c1, c2 (its coordinates on axes (axis + 1) % 3 and
  // (axis + 2) % 3): its stretches with a winding number other than 0, sorted and disjoint.
  std::span<const Stretch> Inside(int axis, uint32_t c1, uint32_t c2) const;

  const GridFrame& grid() const { return grid_; }
  bool complete() const { return complete_; }
  size_t crossing_count() const { return crossing_count_; }
  size_t lines_with_inside() const { return lines_.size(); }
  // Lines whose signed crossings do not sum to 0: a hole or a flipped triangle in the surface.
  size_t unbalanced_lines() const { return unbalanced_lines_; }

 private:
  struct Line {
    uint64_t key;           // (axis * points + c1) * points + c2
    uint32_t first, count;  // into stretches_
  };
  uint64_t Key(int axis, uint32_t c1, uint32_t c2) const {
    return (uint64_t(axis) * grid_.points + c1) * grid_.points + c2;
  }

  GridFrame grid_;
  std::vector<Line> lines_;  // sorted by key; only lines with an inside
  std::vector<Stretch> stretches_;
  size_t crossing_count_ = 0, unbalanced_lines_ = 0;
  bool complete_ = false;
};

// The winding number of the closed surface around p (counted along the line through p parallel
// to x, by the same watertight test): 0 outside, +-1 inside. The view checks its camera with it.
int WindingNumber(std::span<const Triangle> surface, const glm::vec3& p);

}  // namespace partlab
