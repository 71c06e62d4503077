// The octree view's lesson verbs (docs/lessons.md): actions put the view in the state a step of
// the octree paper's lessons shows, checks assert what the step claims against an answer
// recomputed independently (octree_lesson_reference.h), never against a number the view printed.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <glm/trigonometric.hpp>
#include <unordered_set>

#include "app/views/octree/octree_view.h"

#include "app/i18n/translate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>
#include "engine/octree/octree_lesson_reference.h"
#include "engine/octree/triangle_figure.h"

namespace partlab::octree_view {

namespace ol = octree_lesson;

namespace {

// --- Reading a command's words -------------------------------------------------------------------

bool ParseInt(const std::string& word, int* out) {
  const char* end = word.data() + word.size();
  const auto [ptr, ec] = std::from_chars(word.data(), end, *out);
  return ec == std::errc() && ptr == end;
}

bool ParseFloat(const std::string& word, float* out) {
  const char* end = word.data() + word.size();
  const auto [ptr, ec] = std::from_chars(word.data(), end, *out);
  return ec == std::errc() && ptr == end && std::isfinite(*out);
}

// The usage comes translated (_()); the verb stays English, a lesson file's own word.
std::string Usage(const LessonCommand& c, const char* usage) {
  return Formatted(_("'%s' expects %s"), c.verb.c_str(), usage);
}

}  // namespace

// --- The verb table ------------------------------------------------------------------------------

std::span<const LessonVerbRow<OctreeView>> OctreeView::LessonVerbTable() {
  using V = OctreeView;
  // Source, depth and placement: each change rebuilds at once, so the step's checks see the tree.
  static constexpr auto kRebuilt = [](V& v) {
    v.stale_ = true;
    v.RebuildIfStale();
    return std::string();
  };
  // The switches: "on" or "off", no word meaning "on" ("show-histogram" alone switches it on).
  // One colouring at a time: the root's red would hide the depth colours and the reverse.
  static constexpr auto kSet = [](bool& flag, const LessonCommand& c) {
    flag = c.args.empty() || c.args[0] == "on";
    return std::string();
  };
  static const LessonVerbRow<V> kVerbs[] = {
      {{"aim-wrong-ray",
        "aim-wrong-ray K: aim the probe along the ray-structure plugin's K-th wrong ray of the "
        "batch (0 is the first), as a click on its row does",
        kAction, Words(1, 1, kInteger)},
       // The batch waited for and checked first: a lesson's actions run before the first frame.
       [](V& v, const LessonCommand& a) -> std::string {
         int k = 0;
         if (!ParseInt(a.args[0], &k) || k < 0) return Usage(a, _("one index, 0 or more"));
         if (!v.plugin_rays_.Active())
           return _("no ray-structure plugin is chosen (partlab --plugin PATH)");
         v.batch_.Finish(*v.tree_, /*headless=*/true);
         v.CheckPlugin();
         const auto& wrong = v.plugin_rays_.check().wrong;
         if (size_t(k) >= wrong.size())
           return Formatted(_("the plugin has %zu wrong rays in the batch"), wrong.size());
         v.AimProbeAlong(wrong[size_t(k)].ray);
         return {};
       }},
      {{"probe-plugin-wrong",
        "probe-plugin-wrong: the plugin's nearest hit on the probe's ray differs from brute "
        "force's",
        kCheck, kNoWords},
       // Brute force on the probe's ray (octree_lesson_reference.h) against the plugin's answer.
       [](V& v, const LessonCommand&) -> std::string {
         if (!v.probe_.has_ray() || !v.plugin_rays_.has_probe())
           return _("no probe ray answered by a plugin");
         const octree_lesson::ReferenceHit truth =
             octree_lesson::BruteForceNearest(v.scene_.triangles(), v.probe_.ray());
         const PluginHit got = v.plugin_rays_.probe_hit();
         const bool same =
             !got.bad && std::isfinite(got.t) == truth.hit &&
             (!truth.hit || std::fabs(double(got.t) - truth.t) <= 1e-4 * std::max(1.0, truth.t));
         if (!same) return {};
         return Formatted(_("the plugin agrees with brute force on the probe's ray (t %f)"),
                          truth.hit ? truth.t : double(INFINITY));
       }},
      {{"depth", "depth N: rebuild with maximum depth N (1-12; the root is depth 1)", kAction,
        Words(1, 1, kInteger)},
       [](V& v, const LessonCommand& a) -> std::string {
         int depth = 0;
         if (!ParseInt(a.args[0], &depth) || depth < op::kMaxDepth.range.lo ||
             depth > op::kMaxDepth.range.hi)
           return Usage(a, _("one depth from 1 to 12"));
         v.max_depth_ = v.overlay().depth_shown = depth;
         return kRebuilt(v);
       }},
      {{"placement",
        "placement paper|leaf: the paper's deepest containing cell, or leaf references", kAction,
        Words(1, 1)},
       [](V& v, const LessonCommand& a) -> std::string {
         if (a.args[0] != "paper" && a.args[0] != "leaf") return Usage(a, _("paper or leaf"));
         v.placement_ =
             int(a.args[0] == "leaf" ? Placement::kLeafReferences : Placement::kDeepestContaining);
         return kRebuilt(v);
       }},
      {{"soup",
        "soup low|medium|high [TRIANGLES [SEED]]: build over one of the paper's random soups",
        kAction, Words(1, 3)},
       &Call<V, &V::SetSoup>},
      {{"model", "model: build over the loaded model again", kAction, kNoWords},
       [](V& v, const LessonCommand&) {
         v.source_ = SceneSource::kModel;
         return kRebuilt(v);
       }},
      {{"cells", "cells on|off: the cells as wireframe cubes coloured by depth", kAction,
        Words(0, 1, kSwitch)},
       [](V& v, const LessonCommand& a) { return kSet(v.overlay().show_cells, a); }},
      {{"cells-depth", "cells-depth N: draw only the cells of depth N or shallower", kAction,
        Words(1, 1, kInteger)},
       [](V& v, const LessonCommand& a) -> std::string {
         int depth = 0;
         if (!ParseInt(a.args[0], &depth) || depth < 1 || depth > v.max_depth_)
           return Usage(a,
                        Formatted(_("one depth from 1 to the octree's %d"), v.max_depth_).c_str());
         v.overlay().depth_shown = depth;
         return {};
       }},
      {{"mesh", "mesh on|off: the triangles", kAction, Words(0, 1, kSwitch)},
       [](V& v, const LessonCommand& a) { return kSet(v.overlay().show_mesh, a); }},
      {{"tint-by-depth", "tint-by-depth on|off: each triangle in the colour of its cell's depth",
        kAction, Words(0, 1, kSwitch)},
       [](V& v, const LessonCommand& a) {
         kSet(v.overlay().tint_by_depth, a);
         if (v.overlay().tint_by_depth) v.highlight_root_ = false;
         return std::string();
       }},
      {{"highlight-root-triangles",
        "highlight-root-triangles [on|off]: the triangles the root keeps in red, the others grey",
        kAction, Words(0, 1, kSwitch)},
       [](V& v, const LessonCommand& a) {
         kSet(v.highlight_root_, a);
         if (v.highlight_root_) v.overlay().tint_by_depth = false;
         return std::string();
       }},
      {{"show-histogram", "show-histogram [on|off]: the triangles-per-depth histogram, large",
        kAction, Words(0, 1, kSwitch)},
       [](V& v, const LessonCommand& a) { return kSet(v.show_histogram_, a); }},
      {{"shoot-ray", "shoot-ray OX OY OZ DX DY DZ: one ray, answered by both traversals", kAction,
        Words(6, 6, kNumber)},
       [](V& v, const LessonCommand& a) -> std::string {
         float w[6];
         bool ok = true;
         for (size_t i = 0; ok && i < 6; ++i) ok = ParseFloat(a.args[i], &w[i]);
         // A direction too long to normalise in float (its length overflows to infinity and the
         // quotient to zero) is refused like a zero one: only a unit vector comes out of this.
         const glm::vec3 dir = ok ? glm::normalize(glm::vec3(w[3], w[4], w[5])) : glm::vec3(0.0f);
         if (!ok || !IsFinite(dir) || !(glm::length(dir) > 0.5f))
           return Usage(a, _("six finite numbers: the origin, then a non-zero direction"));
         v.probe_.ShootFrom(*v.tree_, {w[0], w[1], w[2]}, dir);
         return {};
       }},
      {{"default-ray",
        "default-ray: the view's ray from the left to the surface seen at the centre", kAction,
        kNoWords},
       [](V& v, const LessonCommand&) {
         v.probe_.set_mode(RayMode::kFromFixedOrigin);
         v.probe_.ShootDefault(*v.tree_, v.scene_, v.app_.camera);
         return std::string();
       }},
      {{"trace", "trace paper|ordered: whose visited cells and tested triangles are drawn", kAction,
        Words(1, 1)},
       [](V& v, const LessonCommand& a) -> std::string {
         if (a.args[0] != "paper" && a.args[0] != "ordered") return Usage(a, _("paper or ordered"));
         v.probe_.set_trace_shown(a.args[0] == "paper" ? 0 : 1);
         return {};
       }},
      {{"batch",
        "batch N [SEED [BRUTE]]: N random rays (100-10000) by both traversals, the first BRUTE "
        "(all by default) by brute force too",
        kAction, Words(1, 3, kInteger)},
       &Call<V, &V::RunBatch>},
      {{"batch-rays-drawn", "batch-rays-drawn N: how many of the batch's rays are drawn", kAction,
        Words(1, 1, kInteger)},
       [](V& v, const LessonCommand& a) -> std::string {
         int n = 0;
         if (!ParseInt(a.args[0], &n) || n < op::kRaysDrawn.range.lo || n > op::kRaysDrawn.range.hi)
           return Usage(a, _("a count from 100 to 10000"));
         v.batch_.ShowRays(n);
         return {};
       }},
      {{"affinity",
        "affinity low|medium|high: the paper's class of the histogram, recounted from geometry",
        kCheck, Words(1, 1)},
       &Call<V, &V::CheckAffinity>},
      {{"histogram-matches-geometry",
        "histogram-matches-geometry: the build's histogram equals the placement redone from "
        "geometry",
        kCheck, kNoWords},
       &Call<V, &V::CheckHistogram>},
      {{"ray-hits", "ray-hits: the current ray hits a triangle", kCheck, kNoWords},
       [](V& v, const LessonCommand&) -> std::string {
         if (!v.probe_.has_ray()) return _("no ray was shot in this step");
         return v.probe_.result(1).hit.hit ? "" : _("the ray hits no triangle");
       }},
      {{"root-triangles-tested",
        "root-triangles-tested [N]: the paper traversal tested every one of the (at least N) "
        "triangles that straddle the root's mid-planes",
        kCheck, Words(0, 1, kInteger)},
       &Call<V, &V::CheckRootTrianglesTested>},
      {{"tests-fewer-than-paper-root",
        "tests-fewer-than-paper-root: the ordered traversal tested fewer triangles than the "
        "paper's placement keeps at the root",
        kCheck, kNoWords},
       &Call<V, &V::CheckTestsFewerThanPaperRoot>},
      {{"ordered-visits-fewer", "ordered-visits-fewer: fewer cells than the paper's, same ray",
        kCheck, kNoWords},
       &Call<V, &V::CheckOrderedDoesLess>},
      {{"ordered-tests-fewer", "ordered-tests-fewer: fewer triangle tests than the paper's", kCheck,
        kNoWords},
       &Call<V, &V::CheckOrderedDoesLess>},
      {{"hit-equals-brute-force",
        "hit-equals-brute-force: both traversals' nearest hit is brute-force Möller-Trumbore's",
        kCheck, kNoWords},
       &Call<V, &V::CheckHitEqualsBruteForce>},
      {{"hit-triangle",
        "hit-triangle [on|off]: the hit triangle's plane and normal (figure 2), its edge vectors "
        "from V0 and their parallelogram (figure 4), and the hit point, instead of the trace",
        kAction, Words(0, 1, kSwitch)},
       [](V& v, const LessonCommand& a) { return kSet(v.show_hit_triangle_, a); }},
      {{"frame-hit-triangle",
        "frame-hit-triangle: the camera faces the hit triangle from the side the ray came from, "
        "a little to one side so its normal shows",
        kAction, kNoWords},
       &Call<V, &V::FrameHitTriangle>},
      {{"hit-barycentric",
        "hit-barycentric: the hit point lies on the triangle's plane with u, v >= 0 and u + v <= 1 "
        "(conditions A, B), its (u, v) by areas equal to Möller-Trumbore's",
        kCheck, kNoWords},
       &Call<V, &V::CheckHitBarycentric>},
      {{"batch-matches-brute-force",
        "batch-matches-brute-force [RAYS]: the batch's first RAYS answers equal the brute "
        "force's",
        kCheck, Words(0, 1, kInteger)},
       &Call<V, &V::CheckBatchMatchesBruteForce>},
      {{"batch-tested-fraction",
        "batch-tested-fraction paper|ordered below|above F: triangles tested per ray over N",
        kCheck, Words(3, 3)},
       &Call<V, &V::CheckBatchTestedFraction>},
  };
  return kVerbs;
}

// --- Actions -------------------------------------------------------------------------------------

std::string OctreeView::RunLessonAction(const LessonCommand& action) {
  lesson_layout_ = true;
  return RunLessonVerb(*this, LessonVerbTable(), action, kAction);
}

std::string OctreeView::SetSoup(const LessonCommand& a) {
  const char* usage = _("low|medium|high, then optionally TRIANGLES (100-2000000) and SEED");
  const std::string& kind = a.args[0];
  if (kind != "low" && kind != "medium" && kind != "high") return Usage(a, usage);
  int count = soup_count_, seed = soup_seed_;
  if (a.args.size() > 1 && (!ParseInt(a.args[1], &count) || count < op::kSoupTriangles.range.lo ||
                            count > op::kSoupTriangles.range.hi))
    return Usage(a, usage);
  if (a.args.size() > 2 && !ParseInt(a.args[2], &seed)) return Usage(a, usage);
  source_ = SceneSource::kSoup;
  soup_affinity_ = kind == "low" ? 0 : kind == "medium" ? 1 : 2;
  soup_count_ = count;
  soup_seed_ = seed;
  stale_ = true;
  RebuildIfStale();
  return {};
}

std::string OctreeView::RunBatch(const LessonCommand& a) {
  const char* usage =
      _("a ray count from 100 to 10000, then optionally a SEED and how many of "
        "the rays the brute force answers too (100 to the count)");
  int rays = 0, seed = batch_.seed(), brute = 0;
  if (!ParseInt(a.args[0], &rays) || rays < 100 || rays > 10000 ||
      (a.args.size() >= 2 && !ParseInt(a.args[1], &seed)))
    return Usage(a, usage);
  brute = rays;
  if (a.args.size() == 3 && (!ParseInt(a.args[2], &brute) || brute < 100 || brute > rays))
    return Usage(a, usage);
  return batch_.RunAndWait(tree_, scene_.bounds(), size_t(rays), seed, size_t(brute), headless());
}

// --- Checks --------------------------------------------------------------------------------------

std::string OctreeView::CheckLessonClaim(const LessonCommand& c) {
  RebuildIfStale();
  if (tree_->empty()) return _("the octree is empty: the scene has no usable triangle");
  return RunLessonVerb(*this, LessonVerbTable(), c, kCheck);
}

// The triangles that straddle a mid-plane of the root cube: where the paper's placement keeps
// them, whatever the depth limit (geometry only; the tree supplies just the root cube).
std::vector<uint32_t> OctreeView::TrianglesKeptAtRoot() const {
  const OctreeNode& root = tree_->nodes()[0];
  const std::vector<int> depths =
      ol::PlacementDepths(tree_->triangles(), root.center, root.half, std::max(2, max_depth_));
  std::vector<uint32_t> kept;
  for (size_t i = 0; i < depths.size(); ++i)
    if (depths[i] == 1) kept.push_back(uint32_t(i));
  return kept;
}

// "Profundidade e afinidade da OCTREE": the class follows from the placement, recounted here.
std::string OctreeView::CheckAffinity(const LessonCommand& c) const {
  if (c.args.size() != 1 || (c.args[0] != "low" && c.args[0] != "medium" && c.args[0] != "high"))
    return Usage(c, _("low, medium or high"));
  if (tree_->empty()) return _("the octree is empty");
  const OctreeNode& root = tree_->nodes()[0];
  const std::vector<size_t> histogram = ol::DepthHistogram(
      ol::PlacementDepths(tree_->triangles(), root.center, root.half, max_depth_), max_depth_);
  const char* measured = ol::AffinityClassName(ol::ClassifyAffinity(histogram));
  if (c.args[0] == measured) return {};
  size_t total = 0;
  for (size_t d = 1; d < histogram.size(); ++d) total += histogram[d];
  return Formatted(_("expected %s affinity, the triangles give %s (%zu of %zu at the root)"),
                   c.args[0].c_str(), measured, histogram.size() > 1 ? histogram[1] : 0, total);
}

std::string OctreeView::CheckHistogram() const {
  if (Placement(placement_) != Placement::kDeepestContaining)
    return _("the histogram is the paper's placement's: use 'placement paper'");
  const OctreeNode& root = tree_->nodes()[0];
  const std::vector<size_t> expected = ol::DepthHistogram(
      ol::PlacementDepths(tree_->triangles(), root.center, root.half, max_depth_), max_depth_);
  for (int d = 1; d <= max_depth_; ++d)
    if (size_t(triangles_per_depth_[size_t(d - 1)]) != expected[size_t(d)])
      return Formatted(_("depth %d: the octree holds %zu triangles, the geometry puts %zu there"),
                       d, size_t(triangles_per_depth_[size_t(d - 1)]), expected[size_t(d)]);
  return {};
}

// Why the paper's placement costs every ray the root's triangles: the traversal tests the
// triangles of every cell it enters, and every ray into the scene enters the root.
std::string OctreeView::CheckRootTrianglesTested(const LessonCommand& c) const {
  int at_least = 1;
  if (c.args.size() > 1 || (c.args.size() == 1 && !ParseInt(c.args[0], &at_least)))
    return Usage(c, _("optionally the fewest triangles the root must keep"));
  if (!probe_.has_ray()) return _("no ray was shot in this step");
  const std::vector<uint32_t> kept = TrianglesKeptAtRoot();
  if (kept.size() < size_t(std::max(at_least, 1)))
    return Formatted(_("expected at least %d triangles at the root, the geometry puts %zu there"),
                     at_least, kept.size());
  const auto& tested = probe_.result(0).trace.tested_triangles;
  const std::unordered_set<uint32_t> seen(tested.begin(), tested.end());
  size_t missed = 0;
  for (uint32_t id : kept) missed += !seen.contains(id);
  if (missed == 0) return {};
  return Formatted(
      _("%zu of the %zu triangles kept at the root were not tested by the paper traversal"), missed,
      kept.size());
}

std::string OctreeView::CheckTestsFewerThanPaperRoot() const {
  if (!probe_.has_ray()) return _("no ray was shot in this step");
  const size_t kept = TrianglesKeptAtRoot().size();
  const uint64_t tests = probe_.result(1).stats.triangle_tests;
  if (tests < kept) return {};
  return Formatted(
      _("expected fewer than the %zu root triangles of the paper's placement, the ordered "
        "traversal ran %llu tests"),
      kept, (unsigned long long)tests);
}

std::string OctreeView::CheckOrderedDoesLess(const LessonCommand& c) const {
  if (!probe_.has_ray()) return _("no ray was shot in this step");
  const bool cells = c.verb == "ordered-visits-fewer";
  const uint64_t paper =
      cells ? probe_.result(0).stats.nodes_visited : probe_.result(0).stats.triangle_tests;
  const uint64_t ordered =
      cells ? probe_.result(1).stats.nodes_visited : probe_.result(1).stats.triangle_tests;
  // Each count is also the length of the traversal's own trace, written as it went.
  const size_t traced[2] = {cells ? probe_.result(0).trace.visited_nodes.size()
                                  : probe_.result(0).trace.tested_triangles.size(),
                            cells ? probe_.result(1).trace.visited_nodes.size()
                                  : probe_.result(1).trace.tested_triangles.size()};
  if (traced[0] != paper || traced[1] != ordered)
    return _("the traversals' counters disagree with their traces");
  if (ordered < paper) return {};
  // One whole sentence per count: the verb and its object agree differently in Portuguese.
  const char* format =
      cells ? _("expected the ordered traversal to visit fewer cells than the paper's; ordered "
                "%llu, paper %llu")
            : _("expected the ordered traversal to test fewer triangles than the paper's; "
                "ordered %llu, paper %llu");
  return Formatted(format, (unsigned long long)ordered, (unsigned long long)paper);
}

std::string OctreeView::CheckHitEqualsBruteForce() const {
  if (!probe_.has_ray()) return _("no ray was shot in this step");
  const ol::ReferenceHit reference = ol::BruteForceNearest(tree_->triangles(), probe_.ray());
  for (int k = 0; k < 2; ++k) {
    const RayHit& h = probe_.result(k).hit;
    const std::string diff = ol::CompareHits(h.hit, h.t, h.triangle, reference);
    if (!diff.empty())
      return Formatted(_("%s traversal: %s"),
                       k == 0 ? "paper" : "ordered",  // untranslated: the trace verb's words
                       diff.c_str());
  }
  return {};
}

// Figures 2 and 4 are read face-on: the eye on the triangle's side the ray came from, turned 25
// degrees about the vertical so the perpendicular vector is seen at an angle, far enough for the
// parallelogram (twice the triangle) to fit above a lesson's caption.
std::string OctreeView::FrameHitTriangle() {
  if (!probe_.has_ray() || !probe_.result(1).hit.hit)
    return _("no ray hit a triangle in this step");
  const Triangle& t = tree_->triangles()[probe_.result(1).hit.triangle];
  glm::vec3 n = glm::cross(t.Edge1(), t.Edge2());
  if (!(glm::length(n) > 0.0f)) return _("the hit triangle has no area");
  n = glm::normalize(n);
  if (glm::dot(n, probe_.ray().direction) > 0.0f) n = -n;
  OrbitCamera& camera = app_.camera;
  camera.target = t.v0 + 0.5f * (t.Edge1() + t.Edge2());  // the parallelogram's centre
  camera.yaw = std::atan2(n.x, n.z) + glm::radians(25.0f);
  camera.pitch = std::clamp(std::asin(std::clamp(n.y, -1.0f, 1.0f)), glm::radians(-80.0f),
                            glm::radians(80.0f));
  const float size = std::max(glm::length(t.Edge1()), glm::length(t.Edge2()));
  camera.distance = 3.2f * size;
  // Aimed a little below the figure: a lesson's caption band covers the picture's lower third.
  camera.target -= camera.Up() * (0.4f * size);
  return {};
}

// Figures 2 and 4's claims on the ray's hit, from the hit point alone: it lies on the triangle's
// plane, and its coordinates in the edge vectors' basis, found from areas (not from the
// determinants Möller–Trumbore divides by), meet conditions (A) and (B) and equal the (u, v) the
// traversal returned.
std::string OctreeView::CheckHitBarycentric() const {
  if (!probe_.has_ray()) return _("no ray was shot in this step");
  const RayHit& hit = probe_.result(1).hit;
  if (!hit.hit) return _("the ray hits no triangle");
  const Triangle& triangle = tree_->triangles()[hit.triangle];
  const AreaBarycentrics b = BarycentricsByAreas(triangle, probe_.ray().At(hit.t));
  if (b.degenerate) return _("the hit triangle has no area");
  // Float tolerances relative to the triangle's size (the hit point is computed in float).
  const float size = std::max(glm::length(triangle.Edge1()), glm::length(triangle.Edge2()));
  constexpr float kTolerance = 1e-3f;
  if (b.plane_distance > kTolerance * size)
    return Formatted(_("the hit point lies %g off the triangle's plane"), double(b.plane_distance));
  if (b.u < -kTolerance || b.v < -kTolerance || b.u + b.v > 1.0f + kTolerance)
    return Formatted(
        _("by areas u = %.4f, v = %.4f: outside the triangle (A: u, v >= 0; B: u + v <= 1)"),
        double(b.u), double(b.v));
  if (std::fabs(b.u - hit.u) > kTolerance || std::fabs(b.v - hit.v) > kTolerance)
    return Formatted(_("by areas (u, v) = (%.4f, %.4f), Möller-Trumbore gave (%.4f, %.4f)"),
                     double(b.u), double(b.v), double(hit.u), double(hit.v));
  return {};
}

std::string OctreeView::CheckBatchMatchesBruteForce(const LessonCommand& c) const {
  if (!batch_.HasResult()) return _("no batch was run in this step");
  const RayBatch& b = batch_.result();
  int count = int(b.done);
  if (c.args.size() > 1 || (c.args.size() == 1 && (!ParseInt(c.args[0], &count) || count < 1)))
    return Usage(c, _("optionally a ray count"));
  const size_t n = std::min(size_t(count), b.done);
  for (size_t i = 0; i < n; ++i) {
    const ol::ReferenceHit reference = ol::BruteForceNearest(tree_->triangles(), b.rays[i]);
    for (int k = 0; k < 2; ++k) {
      const RayHit& h = b.octree_hits[k][i];
      const std::string diff = ol::CompareHits(h.hit, h.t, h.triangle, reference);
      if (!diff.empty())
        return Formatted(_("ray %zu, %s traversal: %s"), i,
                         k == 0 ? "paper" : "ordered",  // untranslated: the trace verb's words
                         diff.c_str());
    }
  }
  return {};
}

// The paper's measure of work ("porcentagem de triângulos considerados no teste fino"): tests per
// ray over the triangle count, compared with the bound the step states.
std::string OctreeView::CheckBatchTestedFraction(const LessonCommand& c) const {
  const char* usage = _("paper|ordered below|above F, F a fraction from 0 to 1");
  float bound = 0.0f;
  if (c.args.size() != 3 || (c.args[0] != "paper" && c.args[0] != "ordered") ||
      (c.args[1] != "below" && c.args[1] != "above") || !ParseFloat(c.args[2], &bound) ||
      bound < 0.0f || bound > 1.0f)
    return Usage(c, usage);
  if (!batch_.HasResult()) return _("no batch was run in this step");
  const RayBatch& b = batch_.result();
  const int k = c.args[0] == "paper" ? 0 : 1;
  const double fraction = b.octree[k].FractionTested(tree_->usable_triangle_count());
  const bool below = c.args[1] == "below";
  if (below ? fraction < bound : fraction > bound) return {};
  return Formatted(
      _("expected the %s traversal to test %s %.2f of the triangles per ray, it tested %.4f"),
      c.args[0].c_str(), c.args[1].c_str(), bound, fraction);
}

}  // namespace partlab::octree_view
