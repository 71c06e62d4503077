#include "app/views/octree/octree_scene.h"

#include <algorithm>
#include <limits>

#include "engine/geometry/mesh_triangles.h"

namespace partlab {

namespace {

// The soup's 100-unit cube mapped onto a cube of the model's largest extent, centred on the model
// horizontally and resting on its lowest point (where the ground grid is drawn).
void PlaceInModelCube(std::vector<Triangle>& tris, const Aabb& model_bounds) {
  if (model_bounds.IsEmpty()) return;
  const glm::vec3 e = model_bounds.Extent();
  const float edge = std::max({e.x, e.y, e.z, 1e-6f});
  glm::vec3 centre = model_bounds.Center();
  centre.y = model_bounds.min.y + 0.5f * edge;
  const float scale = edge / 100.0f;
  for (Triangle& t : tris)
    for (glm::vec3* v : {&t.v0, &t.v1, &t.v2}) *v = centre + *v * scale;
}

}  // namespace

void OctreeScene::Update(SceneSource source, const CurrentModel& model, Affinity affinity,
                         size_t count, uint64_t seed) {
  if (source == SceneSource::kModel) {
    if (model_generation_ == model.generation()) return;
    triangles_ = TrianglesOf(model.mesh());
    model_generation_ = model.generation();
  } else {
    triangles_ = MakeTriangleSoup(affinity, count, seed);
    PlaceInModelCube(triangles_, model.bounds());
    model_generation_ = -1;
  }
  bounds_ = Aabb{};
  for (const Triangle& t : triangles_)
    for (const glm::vec3& v : {t.v0, t.v1, t.v2})
      if (IsFinite(v)) bounds_.Grow(v);
}

glm::vec3 OctreeScene::SurfacePointNearCentre() const {
  const glm::vec3 c = bounds_.Center();
  glm::vec3 best = c;
  float best_d2 = std::numeric_limits<float>::infinity();
  for (const Triangle& t : triangles_) {
    if (FindDefect(t) != TriangleDefect::kNone) continue;
    const glm::vec3 centroid = (t.v0 + t.v1 + t.v2) / 3.0f;
    const glm::vec3 d = centroid - c;
    const float d2 = glm::dot(d, d);
    if (d2 < best_d2) {
      best_d2 = d2;
      best = centroid;
    }
  }
  return best;
}

}  // namespace partlab
