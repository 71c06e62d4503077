// The Portals view's state without GL or ImGui (section 3.2.3.4): the level, its PVS, the
// observer, and every technique's answer for the observer this frame, plus the god-view overlay
// as DebugDraw primitives. Tests link it alone.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/debug_draw.h"
#include "engine/visibility/level_walk.h"
#include "engine/visibility/point_sampling_build.h"
#include "engine/visibility/portal_renderer.h"
#include "engine/visibility/portal_sequence_pvs.h"
#include "engine/visibility/potentially_visible_set.h"

namespace partlab {

struct PortalsObserver {
  glm::vec3 eye{0.0f};
  float yaw = 0.0f;    // radians about +y; 0 looks along +x
  float pitch = 0.0f;  // radians above the horizon
  float fov_y = 1.05f;
  float aspect = 16.0f / 9.0f;
  float near_plane = 0.05f, far_plane = 200.0f;

  glm::vec3 Forward() const;
  glm::mat4 ViewProjection() const;
};

// What each technique sends on, for the panel's table.
enum PortalsTechnique {
  kNoCulling,
  kFrustumOnly,
  kPortalWindows,
  kPortalFrusta,
  kPvsFrustum,
  kPortalsWithPvs,          // the recursion limited to the sampled PVS row (frusta)
  kConservativePvsFrustum,  // the portal-sequence PVS row, then the frustum test
};
inline constexpr int kPortalsTechniqueCount = 7;
const char* PortalsTechniqueName(int t);

// The colour of the portal recursion's depth (which portal narrowed a view): the observer's own
// cell white, then the shared depth palette (engine/depth_palette.h) from depth 1 on.
Color PortalDepthColor(uint32_t depth, float alpha);

struct PortalsOverlayOptions {
  bool show_frusta = true;                          // the narrowed frusta in the world
  bool show_pvs = true;                             // the observer's PVS row as tinted floors
  bool show_culled_walls = false;                   // culled walls as faint outlines
  PortalVariant variant = PortalVariant::kFrustum;  // whose visited cells and walls are shown
};

class PortalsScene {
 public:
  // Takes a validated level; builds the PVS and the walk; places the observer at the walk's start.
  // Both PVS tables are built in slices (BuildPvsFor each frame) after the first `seconds_now`:
  // a small level's are ready at once, a large one's come in while the view keeps drawing.
  void SetLevel(IndoorLevel level, std::string source, double seconds_now = 0.25);
  // Starts a new point-sampling build; the old table stays in use until the new one is done.
  void RebuildPvs(float points_per_area, double seconds_now = 0.25);
  // Runs the builds for about `seconds`; returns true while one is still running.
  bool BuildPvsFor(double seconds);
  void FinishPvs() { BuildPvsFor(1e9); }
  // Stops both builds; what is not built stays unbuilt (the techniques that need it show "-").
  void CancelPvs();
  bool pvs_building() const { return sampled_build_ || conservative_build_; }
  // 0..1 over both builds, weighted by the units each has.
  double pvs_progress() const;
  bool pvs_ready() const { return pvs_.cells() == level_.cells.size(); }
  bool conservative_ready() const { return conservative_.cells() == level_.cells.size(); }
  bool pvs_cancelled() const { return pvs_cancelled_; }
  // Runs every technique for the current observer.
  void Update();
  // The observer `s` along the walk (units of length), looking ahead.
  void PlaceOnWalk(float s);
  // Moves the observer to the floor point under a ray, if it lands in a cell. Returns true then.
  bool PlaceAt(const glm::vec3& origin, const glm::vec3& dir);

  // The observer and the cells of its PVS row: what a god view of a large level frames.
  Aabb Neighbourhood() const;

  void EmitOverlay(const PortalsOverlayOptions& options, DebugDraw& draw) const;

  const IndoorLevel& level() const { return level_; }
  const std::string& source() const { return source_; }
  const PotentiallyVisibleSet& pvs() const { return pvs_; }
  const PotentiallyVisibleSet& conservative() const { return conservative_; }
  // Cell pairs the conservative table holds and the sampled one lacks: what point sampling at
  // this density misses (an upper bound: the conservative table may hold a pair no line joins).
  size_t sampled_misses() const { return sampled_misses_; }
  size_t conservative_pairs() const { return conservative_pairs_; }
  float pvs_density() const { return pvs_density_; }
  const LevelWalk& walk() const { return walk_; }
  PortalsObserver& observer() { return observer_; }
  const PortalsObserver& observer() const { return observer_; }
  const PortalRenderResult& result(PortalVariant v) const {
    return v == PortalVariant::kScreenPolygon ? windows_ : frusta_;
  }
  size_t drawn(int technique) const { return drawn_[technique]; }
  // False for a technique whose PVS is not built yet (its row would be a guess).
  bool available(int technique) const;
  const std::vector<uint8_t>& pvs_row() const { return pvs_row_; }
  const std::vector<uint8_t>& conservative_row() const { return conservative_row_; }
  double micros(int technique) const { return micros_[technique]; }
  int observer_cell() const { return observer_cell_; }

 private:
  IndoorLevel level_;
  std::string source_;
  void CountSampledMisses();

  PotentiallyVisibleSet pvs_, conservative_;
  std::unique_ptr<PointSamplingBuild> sampled_build_;
  std::unique_ptr<PortalSequenceBuild> conservative_build_;
  bool pvs_cancelled_ = false;
  size_t sampled_misses_ = 0, conservative_pairs_ = 0;
  float pvs_density_ = 0.5f;
  LevelWalk walk_;
  PortalsObserver observer_;
  PortalRenderResult windows_, frusta_, with_pvs_;
  std::vector<uint8_t> frustum_drawn_, pvs_drawn_, pvs_row_, conservative_row_, conservative_drawn_;
  size_t drawn_[kPortalsTechniqueCount] = {};
  double micros_[kPortalsTechniqueCount] = {};
  int observer_cell_ = -1;
};

}  // namespace partlab
