// The mesh viewer's lesson verbs (docs/lessons.md), for the chapter's lessons on the engine
// skeleton and the two shaders: actions set what the view shows, checks recompute what a step
// claims independently of the view.
#include <charconv>
#include <cmath>

#include "app/views/mesh/mesh_view.h"
#include "engine/geometry/mesh_triangles.h"
#include "engine/octree/octree_lesson_reference.h"
#include "engine/params/param.h"

namespace partlab::mesh_view {

namespace {

bool ParseSwitch(const LessonCommand& c, bool* out) {
  if (c.args.empty()) {
    *out = true;
    return true;
  }
  if (c.args.size() != 1 || (c.args[0] != "on" && c.args[0] != "off")) return false;
  *out = c.args[0] == "on";
  return true;
}

}  // namespace

std::vector<View::LessonVerb> MeshView::LessonVerbs() {
  return {
      {"show-bounds", "show-bounds on|off: the model's bounding box", false},
      {"show-loop", "show-loop [on|off]: the engine skeleton's loop with its calls counted", false},
      {"pick-centre", "pick-centre: pick the triangle under the centre of the view", false},
      {"fixed-steps",
       "fixed-steps N: MainLoop ran the view's fixed step N times, each of the fixed dt", true},
      {"picked-is-nearest",
       "picked-is-nearest: the picked triangle is the brute force's nearest on the same ray", true},
      {"triangle-count", "triangle-count N: the model has N triangles (the OBJ's faces)", true},
  };
}

std::string MeshView::RunLessonAction(const LessonCommand& a) {
  bool* flag = a.verb == "show-bounds" ? &show_bounds_
               : a.verb == "show-loop" ? &show_loop_
                                       : nullptr;
  if (flag) return ParseSwitch(a, flag) ? "" : "'" + a.verb + "' expects on or off";
  if (a.verb == "pick-centre") {
    if (!a.args.empty()) return "'pick-centre' expects no words";
    const OrbitCamera& camera = app_.camera;
    if (!Pick({camera.Eye(), camera.Forward()}))
      return "the ray through the centre misses the model";
    return {};
  }
  return View::RunLessonAction(a);
}

std::string MeshView::CheckLessonClaim(const LessonCommand& c) {
  if (c.verb == "fixed-steps") return CheckFixedSteps(c);
  if (c.verb == "picked-is-nearest") return CheckPickedIsNearest();
  if (c.verb == "triangle-count") return CheckTriangleCount(c);
  return View::CheckLessonClaim(c);
}

// "O laço principal ... pode resultar na execução de um passo da simulação física": the steps
// the loop ran, and the time they simulated, against N steps of the base's fixed dt.
std::string MeshView::CheckFixedSteps(const LessonCommand& c) {
  int expected = 0;
  if (c.args.size() != 1 ||
      std::from_chars(c.args[0].data(), c.args[0].data() + c.args[0].size(), expected).ec !=
          std::errc())
    return "'fixed-steps' expects one count";
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
    return "'triangle-count' expects one whole number";
  const long loaded = long(app_.model.mesh().TriangleCount());
  if (loaded == stated) return {};
  return "expected " + std::to_string(stated) + " triangles, the model has " +
         std::to_string(loaded);
}

std::string MeshView::CheckPickedIsNearest() const {
  if (picked_ < 0) return "nothing was picked in this step";
  const std::vector<Triangle> triangles = TrianglesOf(app_.model.mesh());
  const octree_lesson::ReferenceHit nearest =
      octree_lesson::BruteForceNearest(triangles, {picked_ray_.origin, picked_ray_.dir});
  const float t = glm::dot(picked_point_ - picked_ray_.origin, picked_ray_.dir) /
                  glm::dot(picked_ray_.dir, picked_ray_.dir);
  return octree_lesson::CompareHits(true, t, uint32_t(picked_), nearest);
}

}  // namespace partlab::mesh_view
