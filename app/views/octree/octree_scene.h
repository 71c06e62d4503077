// What the octree view builds over: the loaded model's triangles, or one of the paper's random
// soups ("2.2 Fatores de estudo") placed in the cube around the model, so the camera, the ground
// grid and the batch's rays fit both without reframing.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "app/model_library.h"
#include "engine/geometry/aabb.h"
#include "engine/geometry/triangle.h"
#include "engine/octree/random_scenes.h"

namespace partlab {

enum class SceneSource { kModel, kSoup };

class OctreeScene {
 public:
  // Re-reads the model only when it changed (by generation) or the source switched back to it.
  void Update(SceneSource source, const CurrentModel& model, Affinity affinity, size_t count,
              uint64_t seed);

  std::span<const Triangle> triangles() const { return triangles_; }
  const Aabb& bounds() const { return bounds_; }
  int model_generation() const { return model_generation_; }
  // The centroid of the triangle whose centroid is nearest the bounds' centre: a surface point
  // that a ray aimed from outside is sure to hit (the centre itself may be empty space).
  glm::vec3 SurfacePointNearCentre() const;

 private:
  std::vector<Triangle> triangles_;
  Aabb bounds_;
  int model_generation_ = -1;  // of the model triangles_ hold; -1 when they hold a soup
};

}  // namespace partlab
