// The Dynamics view's picture of the bodies (visualization-simulation-games.txt, 3.3): each rigid
// body an instanced box or sphere in its own colour, ODE's copy of the scene lighter beside it,
// the floors as slabs with a metre grid, and on demand the bodies as their edges (so forces inside
// them show) and ω and L at each moving body's centre (3.40). A component of the view: it holds its
// instance arrays and switches; the view lends it the world each frame.
#pragma once

#include <glm/gtc/quaternion.hpp>
#include <span>
#include <string>
#include <vector>

#include "app/render/instanced_body_renderer.h"
#include "app/view.h"
#include "engine/debug_draw.h"
#include "engine/dynamics/rigid_body.h"

namespace partlab {

class DynamicsPicture {
 public:
  std::string LoadShaders(const std::string& shader_directory) {
    return renderer_.Load(shader_directory);
  }

  // The frame's instances, in the order the renderer's depth test relies on: our bodies, ODE's
  // copy (AddShiftedCopy), then the floors (AddFloors).
  void BeginFrame(const RenderContext& ctx);
  void AddBodies(std::span<const dynamics::RigidBody> bodies);
  void AddShiftedCopy(std::span<const dynamics::RigidBody> bodies,
                      std::span<const glm::dvec3> positions,
                      std::span<const glm::dquat> orientations, const glm::vec3& shift);
  void AddFloors(std::span<const dynamics::RigidBody> bodies, const glm::vec3& camera_target);
  // The line drawing after the contacts: edges (see-through), the floor grid, ω and L.
  void DrawLines(std::span<const dynamics::RigidBody> bodies, const glm::vec3& camera_target,
                 DebugDraw& draw);
  void Render(const RenderContext& ctx);

  bool& see_through() { return see_through_; }
  bool& show_spin() { return show_spin_; }
  void set_selected_body(int body) { selected_body_ = body; }

 private:
  InstancedBodyRenderer renderer_;
  std::vector<BodyInstance> boxes_;
  std::vector<BodyInstance> spheres_[kSphereDetailLevels];
  float pixels_per_radian_ = 500.0f;
  glm::vec3 eye_{0.0f};
  int selected_body_ = -1;
  bool see_through_ = false;  // bodies as edges, so forces inside them show
  bool show_spin_ = false;    // ω and L at each moving body's centre
};

}  // namespace partlab
