// The semi-adjusting BSP as a student should see it: every splitting plane as a
// semi-transparent polygon clipped to its node's convex cell (a large quad on the plane clipped by
// the world box and the ancestors' half-spaces, Sutherland–Hodgman), coloured by depth with an
// outline; optionally each leaf's cell shaded; one node highlighted (the clicked one, or the one
// an operation is about to change). Depth can be capped so deep trees stay readable.
//
// GL-free and allocation-free once warm: the walk reuses its half-space stack and polygon scratch,
// and keeps the drawn polygons so a click can be resolved against exactly what is on screen.
#pragma once

#include <optional>
#include <vector>

#include "engine/broadphase/sabsp/plane_clipping.h"
#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"
#include "engine/debug_draw.h"

namespace partlab {

struct BspOverlayOptions {
  bool planes = true;
  bool leaf_cells = false;  // shade each leaf's cell (its boundary faces)
  int max_depth = 5;        // planes of nodes deeper than this are not drawn
  float plane_alpha = 0.16f;
  float outline_alpha = 0.85f;
  // Planes are drawn inside the BSP's WorldBound() intersected with this box (when not empty):
  // the view passes the region where the scene is, so a few bodies flung far away do not stretch
  // every plane across the sky.
  Aabb clip;
  // When not empty, planes are drawn inside this box instead, however small the BSP's bound: a
  // figure of a few boxes gets planes large enough to read as walls between them.
  Aabb extent;
};

class BspOverlay {
 public:
  // `highlight` (kNoNode for none) gets a bright outline of its plane and of its cell's edges;
  // `highlight_colour` says whether it is "before" or "after" an operation.
  void Draw(const SemiAdjustingBsp& bsp, const BspOverlayOptions& options, DebugDraw& draw,
            NodeId highlight = kNoNode, Color highlight_colour = {1, 1, 1, 1});

  // The internal node whose drawn plane polygon the ray meets first, from the last Draw.
  std::optional<NodeId> Pick(const glm::vec3& origin, const glm::vec3& dir) const;

  size_t planes_drawn() const { return polygons_.size(); }

 private:
  void Visit(const SemiAdjustingBsp& bsp, NodeId n, const BspOverlayOptions& options,
             DebugDraw& draw, NodeId highlight, Color highlight_colour);
  // The plane {normal·x = offset} clipped by `world_` and the current half-space stack, into poly_.
  void ClipPlane(const glm::vec3& normal, float offset, size_t skip_index);
  static Color LeafFill(NodeId leaf);
  void DrawCellFaces(const Color& fill, DebugDraw& draw, bool outline_only, const Color& edge);

  struct DrawnPolygon {
    NodeId node;
    uint32_t first, count;  // into vertices_
  };
  Aabb world_;
  std::vector<HalfSpace> stack_;  // the world box's six half-spaces, then the ancestors' sides
  std::vector<glm::vec3> poly_, scratch_;
  std::vector<glm::vec3> vertices_;
  std::vector<DrawnPolygon> polygons_;
};

}  // namespace partlab
