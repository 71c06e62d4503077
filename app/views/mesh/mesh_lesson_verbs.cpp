// The mesh viewer's lesson verbs (docs/lessons.md), for the chapter's lessons on the engine
// skeleton and the two shaders: actions set what the view shows, checks recompute what a step
// claims independently of the view.
#include <charconv>
#include <cmath>

#include "app/i18n/translate.h"
#include "app/views/mesh/mesh_view.h"
#include "engine/geometry/mesh_triangles.h"
#include "engine/octree/octree_lesson_reference.h"
#include "engine/params/param.h"

namespace partlab::mesh_view {

namespace {

// "on" or "off"; no word at all means "on".
bool SwitchOn(const LessonCommand& c) {
  return c.args.empty() || c.args[0] == "on";  // untranslated: the switch's word, compared
}

}  // namespace

std::span<const LessonVerbRow<MeshView>> MeshView::LessonVerbTable() {
  using V = MeshView;
  static const LessonVerbRow<V> kVerbs[] = {
      {{"show-bounds", "show-bounds on|off: the model's bounding box", kAction,
        Words(0, 1, kSwitch)},
       [](V& v, const LessonCommand& c) { return v.show_bounds_ = SwitchOn(c), std::string(); }},
      {{"show-loop", "show-loop [on|off]: the engine skeleton's loop with its calls counted",
        kAction, Words(0, 1, kSwitch)},
       [](V& v, const LessonCommand& c) { return v.show_loop_ = SwitchOn(c), std::string(); }},
      {{"pick-centre", "pick-centre: pick the triangle under the centre of the view", kAction,
        kNoWords},
       [](V& v, const LessonCommand&) -> std::string {
         const OrbitCamera& camera = v.app_.camera;
         if (!v.Pick({camera.Eye(), camera.Forward()}))
           return _("the ray through the centre misses the model");
         return {};
       }},
      {{"fixed-steps",
        "fixed-steps N: MainLoop ran the view's fixed step N times, each of the fixed dt", kCheck,
        Words(1, 1, kInteger)},
       &Call<V, &V::CheckFixedSteps>},
      {{"picked-is-nearest",
        "picked-is-nearest: the picked triangle is the brute force's nearest on the same ray",
        kCheck, kNoWords},
       &Call<V, &V::CheckPickedIsNearest>},
      {{"bounds-enclose-mesh",
        "bounds-enclose-mesh: the bounding box drawn holds every vertex of every triangle and "
        "touches the mesh on all six faces",
        kCheck, kNoWords},
       &Call<V, &V::CheckBoundsEncloseMesh>},
      {{"triangle-count", "triangle-count N: the model has N triangles (the OBJ's faces)", kCheck,
        Words(1, 1, kInteger)},
       &Call<V, &V::CheckTriangleCount>},
  };
  return kVerbs;
}

std::string MeshView::RunLessonAction(const LessonCommand& a) {
  return RunLessonVerb(*this, LessonVerbTable(), a, kAction);
}

std::string MeshView::CheckLessonClaim(const LessonCommand& c) {
  return RunLessonVerb(*this, LessonVerbTable(), c, kCheck);
}

// "O laço principal ... pode resultar na execução de um passo da simulação física": the steps
// the loop ran, and the time they simulated, against N steps of the base's fixed dt.
std::string MeshView::CheckFixedSteps(const LessonCommand& c) {
  int expected = 0;
  if (c.args.size() != 1 ||
      std::from_chars(c.args[0].data(), c.args[0].data() + c.args[0].size(), expected).ec !=
          std::errc())
    return _("'fixed-steps' expects one count");
  const double dt = stepping().step_seconds();
  char text[200];
  if (steps_ != expected) {
    std::snprintf(text, sizeof text, "expected %d fixed steps, the view ran %ld", expected, steps_);
    return text;
  }
  if (std::fabs(simulated_seconds_ - expected * dt) > 1e-6 * std::max(1, expected)) {
    std::snprintf(text, sizeof text,
                  "expected %.6f s simulated (%d x %.6f s), the steps add to %.6f", expected * dt,
                  expected, dt, simulated_seconds_);
    return text;
  }
  return {};
}

std::string MeshView::CheckTriangleCount(const LessonCommand& c) const {
  long stated = 0;
  if (c.args.size() != 1 || !detail::ParseNumber(std::string_view(c.args[0]), stated))
    return _("'triangle-count' expects one whole number");
  const long loaded = long(app_.model.mesh().TriangleCount());
  if (loaded == stated) return {};
  return Formatted(_("expected %ld triangles, the model has %ld"), stated, loaded);
}

// The chapter's Figure 3.11 in its simplest form: a box as the collision shape of a graphic mesh.
// The box drawn (the model's bounds) is checked against the triangles' vertices themselves: it
// holds them all, and each of its six faces has a vertex on it, so it is the tightest such box.
std::string MeshView::CheckBoundsEncloseMesh() const {
  const std::vector<Triangle> triangles = TrianglesOf(app_.model.mesh());
  if (triangles.empty()) return _("the model has no triangles");
  Aabb tight;
  for (const Triangle& t : triangles)
    for (const glm::vec3& v : {t.v0, t.v1, t.v2}) tight.Grow(v);
  const Aabb drawn = app_.model.bounds();
  char text[240];
  for (int k = 0; k < 3; ++k)
    if (drawn.min[k] != tight.min[k] || drawn.max[k] != tight.max[k]) {
      std::snprintf(
          text, sizeof text, "on axis %d the box drawn spans [%g, %g], the vertices [%g, %g]", k,
          double(drawn.min[k]), double(drawn.max[k]), double(tight.min[k]), double(tight.max[k]));
      return text;
    }
  return {};
}

std::string MeshView::CheckPickedIsNearest() const {
  if (picked_ < 0) return _("nothing was picked in this step");
  const std::vector<Triangle> triangles = TrianglesOf(app_.model.mesh());
  const octree_lesson::ReferenceHit nearest =
      octree_lesson::BruteForceNearest(triangles, {picked_ray_.origin, picked_ray_.dir});
  const float t = glm::dot(picked_point_ - picked_ray_.origin, picked_ray_.dir) /
                  glm::dot(picked_ray_.dir, picked_ray_.dir);
  return octree_lesson::CompareHits(true, t, uint32_t(picked_), nearest);
}

}  // namespace partlab::mesh_view
