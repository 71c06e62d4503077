// The octree view's cells overlay as few lines as possible: the twelve edges of every
// cell, recorded through DebugDraw by DrawOctreeCells, merged where they coincide or continue.
// Plain data, no GL: the app uploads vertices() once per change and draws them with one call.
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <vector>

#include "engine/debug_draw.h"
#include "engine/geometry/grid_line_interior.h"

namespace partlab {

// Collects Line calls (points and polygons are ignored) into a flat vertex array ready for a GPU
// buffer. With a grid set, segments whose endpoints lie on grid points and differ along one axis
// are merged: every run of touching or overlapping segments of one colour on one grid line becomes
// a single line, and where runs of different colours overlap (a cell's edge under its children's)
// each stretch is drawn once, in the colour of the longest run there (see Finish).
// Neighbouring octree cells share edges and continue each other's, so the cells overlay shrinks
// several-fold (every line costs a software rasteriser set-up time on the CPU).
class MergedLineRecorder final : public DebugDraw {
 public:
  struct Vertex {
    glm::vec3 position;
    uint32_t rgba;  // RGBA8, as the overlay shader reads it
    float size;     // point size slot of the overlay vertex format (unused for lines)
  };
  void Line(const glm::vec3& a, const glm::vec3& b, const Color& color) override;
  void Point(const glm::vec3&, float, const Color&) override {}
  void Polygon(std::span<const glm::vec3>, const Color&) override {}

  // Endpoints are snapped to origin + spacing * (i, j, k); 0 spacing turns merging off.
  void SetGrid(const glm::vec3& origin, float spacing);
  void Clear();  // keeps capacity
  // Merges the recorded grid segments and appends them to vertices(); call once after recording.
  void Finish();
  const std::vector<Vertex>& vertices() const { return vertices_; }
  // After Finish: the same lines less their stretches inside a closed surface (computed on this
  // recorder's grid, Frame()), appended to *out; lines off the grid are appended whole. Each line
  // still reaches `reach` grid units into the surface past every crossing, so the pixel where it
  // pierces the surface is drawn as before. The octree view draws these over the opaque model
  // while the camera moves (grid_line_interior.h).
  void AppendOutside(const GridLineInterior& interior, float reach, std::vector<Vertex>* out) const;
  // The lattice the merged lines lie on, `points` along each side of the cube from the grid
  // origin (the root cell's side over the grid spacing, plus one).
  GridFrame Frame(uint32_t points) const { return {grid_origin_, grid_spacing_, points}; }
  size_t segments_recorded() const { return recorded_; }

 private:
  struct GridSegment {
    uint32_t axis, c1, c2;  // the grid line: its axis and the two other coordinates
    uint32_t rgba;
    uint32_t lo, hi;  // the interval along the axis
  };
  static bool SameLine(const GridSegment& x, const GridSegment& y);
  void ResolveGridLine(size_t first, size_t end);
  void Emit(const GridSegment& s);
  void EmitPiece(const GridSegment& s, float lo, float hi, std::vector<Vertex>* out) const;

  std::vector<Vertex> vertices_;
  std::vector<GridSegment> segments_;
  std::vector<GridSegment> runs_;   // scratch for Finish
  std::vector<GridSegment> lines_;  // what Finish emitted, for AppendOutside
  size_t off_grid_vertices_ = 0;    // vertices_[0, this) are lines off the grid, drawn as given
  std::vector<uint32_t> points_;    // scratch for ResolveGridLine
  glm::vec3 grid_origin_{0.0f};
  float grid_spacing_ = 0.0f;
  size_t recorded_ = 0;
};

}  // namespace partlab
