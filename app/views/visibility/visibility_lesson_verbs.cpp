// The Visibility view's lesson verbs (docs/lessons.md): actions that set the technique, the
// display and the observer, and checks that judge what the view computed against answers worked
// out here independently: the backface test redone per triangle, every culled triangle or wall
// clipped against the frustum to show it could not be seen, and the BSP's drawing order against
// a separate back-to-front walk and the painter's condition itself (section 3.2.3).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include "app/i18n/translate.h"
#include "app/view/lesson_command_args.h"
#include "app/views/visibility/visibility_view.h"
#include "engine/visibility/painter_order_check.h"

namespace partlab {

namespace {

constexpr const char* kModeUsage = "backface | frustum | room | book";

std::string Percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", 100.0 * fraction);
  return text;
}

// The triangle's three corners from the mesh's index list.
std::array<glm::vec3, 3> TriangleOf(const Mesh& mesh, size_t t) {
  return {mesh.positions[mesh.indices[3 * t]], mesh.positions[mesh.indices[3 * t + 1]],
          mesh.positions[mesh.indices[3 * t + 2]]};
}

}  // namespace

std::span<const LessonVerbRow<VisibilityView>> VisibilityView::LessonVerbTable() {
  using V = VisibilityView;
  // "" when the view shows what a check judges, else the line naming the mode it needs.
  static constexpr auto kNeeds = [](const V& v, const LessonCommand& c, Mode mode) -> std::string {
    if (mode == Mode::kBackface && v.mode_ != mode)
      return Formatted(_("%s: the view is not in backface mode (mode backface)"), c.verb.c_str());
    if (mode == Mode::kFrustum && v.mode_ != mode)
      return Formatted(_("%s: the view is not in frustum mode (mode frustum)"), c.verb.c_str());
    if (mode == Mode::kRoom && !(v.mode_ == mode && v.room_bsp_.book_example))
      return Formatted(_("%s: the view does not show the chapter's example (mode book)"),
                       c.verb.c_str());
    return {};
  };
  static const LessonVerbRow<V> kVerbs[] = {
      {{"mode", "mode backface|frustum|room|book: the technique (book: the chapter's figure 3.3)",
        kAction, Words(1, 1)},
       [](V& v, const LessonCommand& action) -> std::string {
         const std::string& m = action.args[0];
         if (m == "backface")
           v.mode_ = Mode::kBackface;
         else if (m == "frustum")
           v.mode_ = Mode::kFrustum;
         else if (m == "room" || m == "book")
           v.mode_ = Mode::kRoom, v.room_bsp_.book_example = m == "book";
         else
           return Formatted(_("mode: '%s' is not one of %s"), m.c_str(), kModeUsage);
         return v.ComputeForLesson();
       }},
      {{"display", "display god|observer|split: which cameras are shown", kAction, Words(1, 1)},
       [](V& v, const LessonCommand& action) -> std::string {
         const std::string& d = action.args[0];
         if (d == "god")
           v.display_ = Display::kGod;
         else if (d == "observer")
           v.display_ = Display::kObserver;
         else if (d == "split")
           v.display_ = Display::kSplit;
         else
           return Formatted(_("display: '%s' is not one of god | observer | split"), d.c_str());
         return {};
       }},
      {{"observer-turn", "observer-turn DEGREES: turn the observer about its target", kAction,
        Words(1, 1, kNumber)},
       [](V& v, const LessonCommand& action) -> std::string {
         double degrees = 0.0;
         if (std::string e = ReadNumber(action, 0, -360.0, 360.0, &degrees); !e.empty()) return e;
         v.PlaceCamerasIfStale();  // so that placing them later does not undo the turn
         v.observer_.yaw += glm::radians(float(degrees));
         return v.ComputeForLesson();
       }},
      {{"cull", "cull on|off: the current technique's culling", kAction, Words(1, 1, kSwitch)},
       [](V& v, const LessonCommand& action) -> std::string {
         (v.mode_ == Mode::kBackface  ? v.backface_.culling
          : v.mode_ == Mode::kFrustum ? v.frustum_culling_.enabled
                                      : v.room_bsp_.subtree_culling) = action.args[0] == "on";
         return v.ComputeForLesson();
       }},
      {{"backfaces-independent",
        "backfaces-independent: each triangle's flag equals the angle test redone from its "
        "centroid (3.2.3.1), edge-on ones aside",
        kCheck, kNoWords},
       [](V& v, const LessonCommand& c) -> std::string {
         if (std::string e = kNeeds(v, c, Mode::kBackface); !e.empty()) return e;
         return v.CheckBackfacesIndependent();
       }},
      {{"backface-fraction", "backface-fraction MIN MAX: the share of triangles culled", kCheck,
        Words(2, 2, kNumber)},
       [](V& v, const LessonCommand& c) -> std::string {
         if (std::string e = kNeeds(v, c, Mode::kBackface); !e.empty()) return e;
         return v.CheckBackfaceFraction(c);
       }},
      {{"culling-conservative",
        "culling-conservative: every triangle the octree culled clips away against the frustum "
        "(3.2.3.2)",
        kCheck, kNoWords},
       [](V& v, const LessonCommand& c) -> std::string {
         if (std::string e = kNeeds(v, c, Mode::kFrustum); !e.empty()) return e;
         return v.CheckCullingConservative();
       }},
      {{"drawn-fraction", "drawn-fraction MIN MAX: the share of triangles the hierarchy keeps",
        kCheck, Words(2, 2, kNumber)},
       [](V& v, const LessonCommand& c) -> std::string {
         if (std::string e = kNeeds(v, c, Mode::kFrustum); !e.empty()) return e;
         return v.CheckDrawnFraction(c);
       }},
      {{"painter-order",
        "painter-order N...: the drawn walls in the book's numbers, equal to an independent "
        "back-to-front walk and hiding nothing drawn later (3.2.3.3)",
        kCheck, Words(0, kManyWords, kInteger)},
       [](V& v, const LessonCommand& c) -> std::string {
         if (std::string e = kNeeds(v, c, Mode::kRoom); !e.empty()) return e;
         return v.CheckPainterOrder(c);
       }},
      {{"culled-walls",
        "culled-walls N...: the walls not drawn, each wholly outside the observer's frustum",
        kCheck, Words(0, kManyWords, kInteger)},
       [](V& v, const LessonCommand& c) -> std::string {
         if (std::string e = kNeeds(v, c, Mode::kRoom); !e.empty()) return e;
         return v.CheckCulledWalls(c);
       }},
  };
  return kVerbs;
}

std::string VisibilityView::RunLessonAction(const LessonCommand& action) {
  return RunLessonVerb(*this, LessonVerbTable(), action, kAction);
}

std::string VisibilityView::CheckLessonClaim(const LessonCommand& check) {
  if (std::string e = ComputeForLesson(); !e.empty()) return e;
  return RunLessonVerb(*this, LessonVerbTable(), check, kCheck);
}

// What Render computes for the observer, done now: a check may come before the first frame.
std::string VisibilityView::ComputeForLesson() {
  if (!app_.model.loaded()) return _("the Visibility view has no model loaded");
  PlaceCamerasIfStale();
  Compute(observer_aspect_);
  return {};
}

// Section 3.2.3.1's test from the triangle's centroid instead of a vertex: the two agree on
// every triangle not seen edge-on, where the angle is 90 degrees to rounding.
std::string VisibilityView::CheckBackfacesIndependent() const {
  const Mesh& mesh = app_.model.mesh();
  const glm::vec3 eye = observer_.Eye();
  size_t expected = 0, differ = 0;
  for (size_t t = 0; t < mesh.TriangleCount(); ++t) {
    const auto [a, b, c] = TriangleOf(mesh, t);
    const glm::vec3 n = glm::cross(b - a, c - a);
    const glm::vec3 to_eye = eye - (a + b + c) / 3.0f;
    const float scale = glm::length(n) * glm::length(to_eye);
    if (!(scale > 0.0f)) continue;  // degenerate: kept by both
    const float cosine = glm::dot(n, to_eye) / scale;
    const bool away = cosine < 0.0f;
    expected += away;
    if (away != (backface_.culled[t] != 0) && std::abs(cosine) > 1e-3f) ++differ;
  }
  if (differ == 0) return {};
  return Formatted(_("backfaces-independent: %zu triangles flagged unlike the centroid test (view "
                     "culled %zu, centroid test %zu)"),
                   differ, backface_.count, expected);
}

std::string VisibilityView::CheckBackfaceFraction(const LessonCommand& check) const {
  double lo = 0.0, hi = 1.0;
  if (std::string e = ReadNumber(check, 0, 0.0, 1.0, &lo); !e.empty()) return e;
  if (std::string e = ReadNumber(check, 1, lo, 1.0, &hi); !e.empty()) return e;
  const double fraction =
      backface_.culled.empty() ? 0.0 : double(backface_.count) / backface_.culled.size();
  if (fraction >= lo && fraction <= hi) return {};
  return Formatted(_("backface-fraction: expected %s to %s, measured %s (%zu of %zu)"),
                   Percent(lo).c_str(), Percent(hi).c_str(), Percent(fraction).c_str(),
                   backface_.count, backface_.culled.size());
}

// Culling may keep what is unseen but must never drop what is seen: a culled triangle is one
// that clips away entirely against the observer's six planes.
std::string VisibilityView::CheckCullingConservative() const {
  const Mesh& mesh = app_.model.mesh();
  size_t culled = 0;
  for (size_t t = 0; t < frustum_culling_.cull.accepted.size(); ++t) {
    if (frustum_culling_.cull.accepted[t]) continue;
    ++culled;
    const auto corners = TriangleOf(mesh, t);
    if (!PolygonOutsideFrustum(corners, frustum_))
      return Formatted(_("culling-conservative: triangle %zu was culled but part of it is "
                         "inside the observer's frustum"),
                       t);
  }
  if (culled == 0) return _("culling-conservative: nothing was culled, so nothing was shown");
  return {};
}

std::string VisibilityView::CheckDrawnFraction(const LessonCommand& check) const {
  double lo = 0.0, hi = 1.0;
  if (std::string e = ReadNumber(check, 0, 0.0, 1.0, &lo); !e.empty()) return e;
  if (std::string e = ReadNumber(check, 1, lo, 1.0, &hi); !e.empty()) return e;
  const double fraction =
      frustum_culling_.cull.triangles_total
          ? double(frustum_culling_.cull.triangles_accepted) / frustum_culling_.cull.triangles_total
          : 0.0;
  if (fraction >= lo && fraction <= hi) return {};
  return Formatted(_("drawn-fraction: expected %s to %s, measured %s (%zu of %zu)"),
                   Percent(lo).c_str(), Percent(hi).c_str(), Percent(fraction).c_str(),
                   frustum_culling_.cull.triangles_accepted, frustum_culling_.cull.triangles_total);
}

std::vector<long> VisibilityView::BookNumbers(const std::vector<uint32_t>& polygons) const {
  std::vector<long> numbers;
  for (uint32_t p : polygons)
    numbers.push_back(ChapterBookNumber(room_bsp_.book, room_bsp_.bsp, p));
  return numbers;
}

// Three answers must agree: the order the lesson states (the book's), the order the view drew,
// and an independent walk of the same tree (kept to the walls drawn); and the drawn order must
// satisfy the painter's condition, tested by brute force along lines of sight.
std::string VisibilityView::CheckPainterOrder(const LessonCommand& check) const {
  std::vector<long> stated;
  if (std::string e = ReadIntegers(check, 0, 1, 9, &stated); !e.empty()) return e;
  const std::vector<long> drawn = BookNumbers(room_bsp_.order);
  if (drawn != stated)
    return Formatted(_("painter-order: expected %s, the view drew %s"),
                     JoinIntegers(stated).c_str(), JoinIntegers(drawn).c_str());
  std::vector<uint32_t> walk;
  for (uint32_t p : BackToFrontByStack(room_bsp_.bsp, observer_.Eye()))
    if (room_bsp_.position_of[p] >= 0) walk.push_back(p);
  if (walk != room_bsp_.order)
    return Formatted(_("painter-order: an independent back-to-front walk gives %s, the view "
                       "drew %s"),
                     JoinIntegers(BookNumbers(walk)).c_str(), JoinIntegers(drawn).c_str());
  if (const auto bad =
          FirstPainterViolation(room_bsp_.bsp.polygons(), room_bsp_.order, observer_.Eye()))
    return Formatted(_("painter-order: wall %ld is painted before wall %ld yet stands in front of "
                       "part of it"),
                     drawn[bad->first], drawn[bad->second]);
  return {};
}

std::string VisibilityView::CheckCulledWalls(const LessonCommand& check) const {
  std::vector<long> stated;
  if (std::string e = ReadIntegers(check, 0, 1, 9, &stated); !e.empty()) return e;
  std::sort(stated.begin(), stated.end());
  std::vector<long> culled;
  std::vector<uint32_t> culled_polygons;
  for (uint32_t p = 0; p < room_bsp_.bsp.polygons().size(); ++p)
    if (room_bsp_.position_of[p] < 0) {
      culled.push_back(ChapterBookNumber(room_bsp_.book, room_bsp_.bsp, p));
      culled_polygons.push_back(p);
    }
  std::vector<long> sorted = culled;
  std::sort(sorted.begin(), sorted.end());
  if (sorted != stated)
    return Formatted(_("culled-walls: expected %s, the view culled %s"),
                     JoinIntegers(stated).c_str(), JoinIntegers(sorted).c_str());
  for (size_t i = 0; i < culled_polygons.size(); ++i)
    if (!PolygonOutsideFrustum(room_bsp_.bsp.polygons()[culled_polygons[i]].vertices, frustum_))
      return Formatted(_("culled-walls: wall %ld was culled but part of it is inside the "
                         "observer's frustum"),
                       culled[i]);
  return {};
}

}  // namespace partlab
