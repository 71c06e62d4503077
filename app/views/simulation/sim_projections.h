// The thesis's Figures 3.1 and 3.2 on the Simulation view's boxes: every box projected on the
// root's plane normal n as an interval on an axis drawn beside the scene (3.1, "Projeção dos
// volumes limitantes em um eixo arbitrário": where intervals overlap, the boxes may collide), and
// each box's two relevant vertices, the corners whose dot products with n give the interval's
// ends (3.2, "Determinação do vértice relevante da AABB": per axis the max corner where n's
// component is non-negative, else the min), joined to the ends they give. GL-free, through
// DebugDraw; the vertices are the ones engine/broadphase/sabsp/projection.h projects with.
#pragma once

#include <glm/vec3.hpp>
#include <span>
#include <string>
#include <vector>

#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/debug_draw.h"

namespace partlab {

// The corners ProjectAabb takes: `high` gives the interval's upper end, `low` its lower end.
struct RelevantVertices {
  glm::vec3 low, high;
};
RelevantVertices RelevantVerticesOf(const Aabb& box, const glm::vec3& n);

// Where the axis goes: beside the boxes, across the line of sight (the camera's `forward`), on
// the side of the picture's top (`up`), so the figure reads as a drawing on the screen.
struct ProjectionView {
  glm::vec3 forward{0, 0, -1}, up{0, 1, 0};
};

// Draws the figures for the root's normal (nothing when the tree has no internal root).
void DrawProjections(const SemiAdjustingBsp& bsp, std::span<const Aabb> boxes,
                     const ProjectionView& view, DebugDraw& draw);
// The same on any unit normal n, the axis beside `world` (the boxes' bound).
void DrawProjectionsOn(const glm::vec3& n, const Aabb& world, std::span<const Aabb> boxes,
                       const ProjectionView& view, DebugDraw& draw);

// The thesis's Figure 2.4, sweep-and-prune's projections: DrawProjectionsOn the x and y axes
// around the present boxes (a scene seen along z shows the figure's two axes).
void DrawAxisProjections(std::span<const Aabb> boxes, const ProjectionView& view, DebugDraw& draw);

// Figure 2.4's rule against brute force: the pairs whose intervals overlap on x, on y and on z
// (sweep-and-prune keeps a pair only when every axis generates it) are exactly the pairs of
// boxes that overlap, and each interval's ends are its box's extreme corners. "" or what failed.
std::string CheckAxisPruning(std::span<const Aabb> boxes);

// The thesis's Figure 5.2, a leaf's sorted list: the leaf's boxes in the order its list holds
// them, projected on the leaf's sort direction, each interval stacked above the one before, so a
// sorted list reads as intervals whose lower ends never go back. `scratch` keeps the boxes in
// list order (reused from frame to frame). Nothing when `leaf` is not a leaf.
void DrawLeafList(const SemiAdjustingBsp& bsp, NodeId leaf, const ProjectionView& view,
                  std::vector<Aabb>& scratch, DebugDraw& draw);

// Figure 5.2's claim: the leaf's list, read in order, is sorted by the lower ends of its boxes'
// projections on the leaf's sort direction, each recomputed from the box. "" or what failed.
std::string CheckLeafListSorted(const SemiAdjustingBsp& bsp, NodeId leaf);

// The claims of 3.1 and 3.2, against brute force: each present box's interval, as the BSP projects
// it (ProjectAabb), has the smallest and largest of its eight corners' dot products with n as its
// ends, reached at its relevant vertices; and every two boxes that overlap have overlapping
// intervals, so no collision is lost by projecting. "" when both hold, else what failed.
std::string CheckProjections(std::span<const Aabb> boxes, const glm::vec3& n);

}  // namespace partlab
