#include "app/views/portals/portals_scene.h"

#include "engine/depth_palette.h"
#include "engine/text/translatable.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

namespace partlab {

const char* PortalsTechniqueName(int t) {
  static constexpr const char* kNames[] = {N_("no culling"),
                                           N_("frustum"),
                                           N_("portals, 2-D windows"),
                                           N_("portals, frusta"),
                                           N_("PVS + frustum"),
                                           N_("portals + PVS"),
                                           N_("conservative PVS + frustum")};
  return t >= 0 && t < kPortalsTechniqueCount ? kNames[t] : "?";
}

glm::vec3 PortalsObserver::Forward() const {
  return {std::cos(pitch) * std::cos(yaw), std::sin(pitch), std::cos(pitch) * std::sin(yaw)};
}

glm::mat4 PortalsObserver::ViewProjection() const {
  return glm::perspective(fov_y, aspect, near_plane, far_plane) *
         glm::lookAt(eye, eye + Forward(), glm::vec3(0, 1, 0));
}

void PortalsScene::SetLevel(IndoorLevel level, std::string source, double seconds_now) {
  sampled_build_.reset();  // the builds read the level about to be replaced
  conservative_build_.reset();
  level_ = std::move(level);
  source_ = std::move(source);
  walk_ = WalkFromCell(level_, 0);
  pvs_ = {};
  conservative_ = {};
  RebuildPvs(pvs_density_, seconds_now);  // starts both builds
  PlaceOnWalk(0.0f);
}

void PortalsScene::RebuildPvs(float points_per_area, double seconds_now) {
  pvs_density_ = points_per_area;
  PvsOptions options;
  options.points_per_area = points_per_area;
  sampled_build_ = std::make_unique<PointSamplingBuild>(level_, options);
  if (!conservative_ready() && !conservative_build_)  // cancelled before: start it again
    conservative_build_ = std::make_unique<PortalSequenceBuild>(level_);
  pvs_cancelled_ = false;
  BuildPvsFor(seconds_now);
}

// The sampled table first (the chapter's, which the techniques use), then the conservative one.
bool PortalsScene::BuildPvsFor(double seconds) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto left = [&] {
    return seconds - std::chrono::duration<double>(Clock::now() - start).count();
  };
  if (sampled_build_ && sampled_build_->AdvanceFor(seconds)) {
    pvs_ = sampled_build_->Take();
    sampled_build_.reset();
    CountSampledMisses();
  }
  if (!sampled_build_ && conservative_build_ && left() > 0.0 &&
      conservative_build_->AdvanceFor(left())) {
    conservative_ = conservative_build_->Take();
    conservative_build_.reset();
    CountSampledMisses();
  }
  return pvs_building();
}

void PortalsScene::CancelPvs() {
  for (PvsBuild* b : {static_cast<PvsBuild*>(sampled_build_.get()),
                      static_cast<PvsBuild*>(conservative_build_.get())})
    if (b) b->Cancel();
  pvs_cancelled_ = pvs_building();
  sampled_build_.reset();
  conservative_build_.reset();
}

double PortalsScene::pvs_progress() const {
  double done = 0.0, total = 0.0;
  if (sampled_build_)
    done += double(sampled_build_->done_units()), total += double(sampled_build_->total_units());
  if (conservative_build_)
    done += double(conservative_build_->done_units()) * double(level_.cells.size()),
        total += double(conservative_build_->total_units()) * double(level_.cells.size());
  return total > 0.0 ? done / total : 1.0;
}

void PortalsScene::CountSampledMisses() {
  sampled_misses_ = conservative_pairs_ = 0;
  if (!pvs_ready() || !conservative_ready()) return;
  for (size_t a = 0; a < level_.cells.size(); ++a)  // a word of 64 pairs at a time
    for (size_t w = 0; w < pvs_.words(); ++w) {
      const uint64_t held = conservative_.Word(a, w);
      conservative_pairs_ += size_t(__builtin_popcountll(held));
      sampled_misses_ += size_t(__builtin_popcountll(held & ~pvs_.Word(a, w)));
    }
}

bool PortalsScene::available(int technique) const {
  if (technique == kPvsFrustum || technique == kPortalsWithPvs) return pvs_ready();
  if (technique == kConservativePvsFrustum) return conservative_ready();
  return true;
}

void PortalsScene::PlaceOnWalk(float s) {
  glm::vec3 eye, target;
  WalkPose(walk_, s, 1.5f, &eye, &target);
  observer_.eye = eye;
  const glm::vec3 d = target - eye;
  observer_.yaw = std::atan2(d.z, d.x);
  observer_.pitch = 0.0f;
}

bool PortalsScene::PlaceAt(const glm::vec3& origin, const glm::vec3& dir) {
  // The nearest floor under the ray, by every cell's floor height.
  float best = std::numeric_limits<float>::infinity();
  glm::vec3 at(0.0f);
  for (size_t c = 0; c < level_.cells.size(); ++c) {
    const LevelCell& cell = level_.cells[c];
    if (std::abs(dir.y) < 1e-6f) continue;
    const float t = (cell.floor - origin.y) / dir.y;
    if (!(t > 0.0f) || t >= best) continue;
    const glm::vec3 p = origin + dir * t;
    const glm::vec3 eye(p.x, cell.floor + std::min(1.6f, 0.6f * (cell.ceiling - cell.floor)), p.z);
    if (!level_.Inside(c, eye, 0.1f)) continue;
    best = t;
    at = eye;
  }
  if (!std::isfinite(best)) return false;
  observer_.eye = at;
  return true;
}

// A row not built yet holds every cell: the technique then sends what the frustum alone would.
void PortalsScene::Update() {
  using Clock = std::chrono::steady_clock;
  auto us = [](Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::micro>(b - a).count();
  };
  const glm::mat4 vp = observer_.ViewProjection();
  const Frustum frustum(vp);
  const PortalCamera camera{observer_.eye, vp};
  const size_t n = level_.cells.size();
  observer_cell_ = level_.CellAt(observer_.eye);
  const auto row = [&](const PotentiallyVisibleSet& t, bool ready, std::vector<uint8_t>* out) {
    out->assign(n, ready ? 0 : 1);
    for (size_t c = 0; c < n && ready && observer_cell_ >= 0; ++c)
      (*out)[c] = t.Visible(size_t(observer_cell_), c);
  };
  row(pvs_, pvs_ready(), &pvs_row_);
  row(conservative_, conservative_ready(), &conservative_row_);
  const auto t0 = Clock::now();
  drawn_[kFrustumOnly] =
      FrustumCullPolygons(level_, frustum, observer_.eye, false, nullptr, &frustum_drawn_);
  const auto t1 = Clock::now();
  RenderPortals(level_, camera, PortalVariant::kScreenPolygon, &windows_);
  const auto t2 = Clock::now();
  RenderPortals(level_, camera, PortalVariant::kFrustum, &frusta_);
  const auto t3 = Clock::now();
  drawn_[kPvsFrustum] =
      FrustumCullPolygons(level_, frustum, observer_.eye, false, pvs_row_.data(), &pvs_drawn_);
  const auto t4 = Clock::now();
  RenderPortalsWithPvs(level_, camera, PortalVariant::kFrustum, pvs_row_.data(), &with_pvs_);
  const auto t5 = Clock::now();
  drawn_[kConservativePvsFrustum] = FrustumCullPolygons(
      level_, frustum, observer_.eye, false, conservative_row_.data(), &conservative_drawn_);
  const auto t6 = Clock::now();
  drawn_[kNoCulling] = level_.polygons.size();
  drawn_[kPortalWindows] = windows_.polygons_drawn;
  drawn_[kPortalFrusta] = frusta_.polygons_drawn;
  drawn_[kPortalsWithPvs] = with_pvs_.polygons_drawn;
  micros_[kNoCulling] = 0.0;
  micros_[kFrustumOnly] = us(t0, t1);
  micros_[kPortalWindows] = us(t1, t2);
  micros_[kPortalFrusta] = us(t2, t3);
  micros_[kPvsFrustum] = us(t3, t4);
  micros_[kPortalsWithPvs] = us(t4, t5);
  micros_[kConservativePvsFrustum] = us(t5, t6);
}

namespace {

const Color kVisitedFloor{0.95f, 0.62f, 0.25f, 0.55f};
const Color kPvsFloor{0.30f, 0.55f, 0.95f, 0.40f};
const Color kOtherFloor{0.35f, 0.36f, 0.40f, 0.30f};
const Color kObserverFloor{1.0f, 0.85f, 0.35f, 0.70f};
const Color kMissedFloor{0.95f, 0.25f, 0.45f, 0.55f};
const Color kOutline{0.62f, 0.64f, 0.70f, 1.0f};
const Color kDrawnWall{0.92f, 0.92f, 0.86f, 0.55f};
const Color kDrawnEdge{1.0f, 1.0f, 0.95f, 1.0f};
const Color kCulledWall{0.45f, 0.45f, 0.50f, 0.5f};
const Color kPortal{0.30f, 0.90f, 0.85f, 0.35f};
const Color kPortalTraversed{0.40f, 1.0f, 0.95f, 1.0f};

}  // namespace

Aabb PortalsScene::Neighbourhood() const {
  Aabb box;
  box.Grow(observer_.eye);
  for (size_t c = 0; c < level_.cells.size(); ++c)
    if ((pvs_ready() && pvs_row_.size() == level_.cells.size() && pvs_row_[c]) ||
        (frusta_.cell_visited.size() == level_.cells.size() && frusta_.cell_visited[c]))
      box.Grow(level_.cells[c].bounds);
  return box;
}

void PortalsScene::EmitOverlay(const PortalsOverlayOptions& o, DebugDraw& draw) const {
  const PortalRenderResult& r = result(o.variant);
  for (size_t p = 0; p < level_.polygons.size(); ++p) {
    const LevelPolygon& poly = level_.polygons[p];
    const auto v = level_.PolygonVertices(p);
    if (poly.kind == LevelPolygonKind::kCeiling) continue;  // the god view looks from above
    if (poly.kind == LevelPolygonKind::kFloor) {
      const bool visited = !r.cell_visited.empty() && r.cell_visited[poly.cell];
      const bool in_pvs = o.show_pvs && pvs_ready() && pvs_row_[poly.cell];
      // In the conservative row, not in the sampled one: a cell point sampling missed.
      const bool missed = o.show_pvs && pvs_ready() && conservative_ready() &&
                          conservative_row_[poly.cell] && !pvs_row_[poly.cell];
      const Color c = int(poly.cell) == observer_cell_ ? kObserverFloor
                      : missed                         ? kMissedFloor
                      : visited                        ? kVisitedFloor
                      : in_pvs                         ? kPvsFloor
                                                       : kOtherFloor;
      draw.Polygon(v, c);
      for (size_t i = 0; i < v.size(); ++i) draw.Line(v[i], v[(i + 1) % v.size()], kOutline);
      continue;
    }
    const bool drawn = !r.polygon_drawn.empty() && r.polygon_drawn[p];
    if (drawn) {
      draw.Polygon(v, kDrawnWall);
      for (size_t i = 0; i < v.size(); ++i) draw.Line(v[i], v[(i + 1) % v.size()], kDrawnEdge);
    } else if (o.show_culled_walls) {
      for (size_t i = 0; i < v.size(); ++i) draw.Line(v[i], v[(i + 1) % v.size()], kCulledWall);
    } else if (poly.kind == LevelPolygonKind::kWall) {
      // The top edge only: the floor plan stays readable.
      const float top = std::max({v[0].y, v[1].y, v[2].y, v[3].y});
      for (size_t i = 0; i < v.size(); ++i)
        if (v[i].y == top && v[(i + 1) % v.size()].y == top)
          draw.Line(v[i], v[(i + 1) % v.size()], kCulledWall);
    }
  }
  for (size_t k = 0; k < level_.portals.size(); ++k) {
    const LevelPortal& p = level_.portals[k];
    const bool traversed = r.cell_visited.size() == level_.cells.size() &&
                           r.cell_visited[p.cells[0]] && r.cell_visited[p.cells[1]];
    for (int i = 0; i < 4; ++i)
      draw.Line(p.quad[i], p.quad[(i + 1) % 4], traversed ? kPortalTraversed : kPortal);
  }
  // The narrowed views: each portal as clipped (filled), and the frustum's edges from the eye
  // through its corners, drawn on past the portal.
  for (const PortalNode& node : r.nodes) {
    if (node.parent < 0 || node.outline_count < 3) continue;
    const glm::vec3* outline = r.portal_outlines.data() + node.first_outline;
    draw.Polygon({outline, node.outline_count}, PortalDepthColor(node.depth, 0.35f));
    if (!o.show_frusta) continue;
    for (uint32_t i = 0; i < node.outline_count; ++i) {
      const glm::vec3 d = outline[i] - observer_.eye;
      const float reach = std::min(glm::length(d) * 2.5f, glm::length(d) + 12.0f);
      draw.Line(observer_.eye, observer_.eye + d * (reach / std::max(glm::length(d), 1e-6f)),
                PortalDepthColor(node.depth, 0.9f));
      draw.Line(outline[i], outline[(i + 1) % node.outline_count],
                PortalDepthColor(node.depth, 1.0f));
    }
  }
  // The observer's own frustum, cut short at 3 units.
  const Frustum f(observer_.ViewProjection());
  const auto& c = f.corners();
  for (int k = 0; k < 4; ++k) {
    const glm::vec3 far = observer_.eye + glm::normalize(c[4 + k] - observer_.eye) * 3.0f;
    draw.Line(observer_.eye, far, {1, 1, 1, 1});
    const glm::vec3 next =
        observer_.eye + glm::normalize(c[4 + (k + 1) % 4] - observer_.eye) * 3.0f;
    draw.Line(far, next, {1, 1, 1, 1});
  }
  draw.Point(observer_.eye, 9.0f, {1, 1, 1, 1});
}

Color PortalDepthColor(uint32_t depth, float alpha) {
  return depth == 0 ? Color(1.0f, 1.0f, 1.0f, alpha) : DepthPaletteColor(int(depth), alpha);
}

}  // namespace partlab
