// The octree view's ray probe: one ray R(t) = O + tD (1.1 Detecção de colisão) answered by both
// traversals of 1.2 Octree, the paper's and the ordered one, so a student sees which cells each
// visits and which triangles each tests. A component of the view: it holds the ray, both answers,
// its panel section, results table and drawing; the view lends it the tree and the scene.
#pragma once

#include <glm/vec3.hpp>

#include "app/panels/clamped_widgets.h"
#include "app/views/octree/octree_params.h"
#include "app/views/octree/octree_scene.h"
#include "engine/debug_draw.h"
#include "engine/octree/octree.h"
#include "engine/view/orbit_camera.h"

namespace partlab::octree_view {

enum class RayMode { kFromCamera, kFromFixedOrigin };

// What the ray query of the panel found with one traversal.
struct RayResult {
  RayHit hit;
  QueryStats stats;
  QueryTrace trace;  // keeps its capacity from ray to ray
};

class RayProbe {
 public:
  // The persisted parameter (the view's settings file walks it).
  template <class Visit>
  void VisitSettings(Visit&& visit) {
    int mode = int(mode_);
    visit(octree_params::kRayMode, mode);
    mode_ = RayMode(mode);
  }

  // Both traversals on `ray`; the ray stays shown until Clear.
  void Shoot(const Octree& tree, const Ray& ray);
  // The same ray on a new tree.
  void Reshoot(const Octree& tree) {
    if (has_ray_) Shoot(tree, ray_);
  }
  // The "Default ray" (and --preset ray): from the left of the view to the surface seen at the
  // scene's centre.
  void ShootDefault(const Octree& tree, const OctreeScene& scene, const OrbitCamera& camera);
  // From the fixed origin along `direction` (a lesson's or --ray's ray).
  void ShootFrom(const Octree& tree, const glm::vec3& origin, const glm::vec3& direction);
  // A click: true when it shot a ray (and printed it).
  bool Pick(const Octree& tree, const Aabb& bounds, const Ray& camera_ray);
  void Clear() { has_ray_ = false; }
  void Print() const;  // one line: a log a student (or a test) can read back

  void Gui(const Octree& tree, const OctreeScene& scene, const OrbitCamera& camera,
           ClampNote& note);
  void ResultsTable() const;
  void Draw(const Octree& tree, const Aabb& bounds, DebugDraw& draw) const;

  bool has_ray() const { return has_ray_; }
  // Counts the rays shot, so a component answering the same ray knows a new one came.
  size_t shots() const { return shots_; }
  const Ray& ray() const { return ray_; }
  const RayResult& result(int traversal) const { return results_[traversal]; }  // 0 paper
  RayMode mode() const { return mode_; }
  void set_mode(RayMode mode) { mode_ = mode; }
  void set_trace_shown(int traversal) { trace_shown_ = traversal; }

 private:
  RayMode mode_ = RayMode::kFromCamera;
  glm::vec3 fixed_origin_{0.0f};
  bool has_ray_ = false;
  Ray ray_;
  RayResult results_[2];  // [0] paper traversal, [1] ordered
  int trace_shown_ = 0;
  size_t shots_ = 0;
};

}  // namespace partlab::octree_view
