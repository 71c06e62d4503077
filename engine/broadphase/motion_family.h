// A family of generated box motions spanning what games feed a broad phase, drawn from a seed, so
// that a broad phase tuned on some traces can be measured on others it has never seen.
//
// A trace is named by its parameters (MotionFamilyParams):
//   sizes     uniform (half-extents 0.5-1.5), log-normal (a heavy tail: a few boxes tens of times
//             the median), few-huge (one box in a hundred twenty to forty times the others);
//   speed     resting (a settled pile: almost nothing moves), jitter (everything trembles in
//             place), flow (a steady stream crossing the world and re-entering at the far side),
//             ballistic (fast boxes under gravity bouncing off the walls, re-launched in bursts),
//             orbit (groups of boxes turning about centres that themselves circle);
//   density   the fraction of the world's volume the boxes fill (sparse 0.03 to dense 0.4);
//   clustered boxes gathered in groups (a few hundred each) instead of spread evenly;
//   flat      a world a few boxes thick (a 2-D-like level) instead of a cube;
//   boxes     1,000 to 50,000.
// Every speed is measured in mean box sizes per step, so the same parameters mean the same
// motion whatever the box count.
//
// Seeds come in two disjoint sets: the tuning seeds (for whoever adjusts a broad phase) and the
// held-out seeds (for the published report only). FamilyPlan draws every parameter of trace i
// from seed i of a set, so a report over held-out seeds runs traces no tuning run has seen.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/geometry/aabb.h"

namespace partlab {

enum class SizeSpread { kUniform, kLogNormal, kFewHuge };
enum class SpeedProfile { kResting, kJitter, kFlow, kBallistic, kOrbit };
constexpr SizeSpread kAllSizeSpreads[] = {SizeSpread::kUniform, SizeSpread::kLogNormal,
                                          SizeSpread::kFewHuge};
constexpr SpeedProfile kAllSpeedProfiles[] = {SpeedProfile::kResting, SpeedProfile::kJitter,
                                              SpeedProfile::kFlow, SpeedProfile::kBallistic,
                                              SpeedProfile::kOrbit};
std::string_view SizeSpreadName(SizeSpread s);      // "uniform", "lognormal", "fewhuge"
std::string_view SpeedProfileName(SpeedProfile s);  // "resting", "jitter", "flow", ...

struct MotionFamilyParams {
  uint32_t boxes = 4000;
  SizeSpread sizes = SizeSpread::kUniform;
  SpeedProfile speed = SpeedProfile::kFlow;
  float fill = 0.12f;  // fraction of the world's volume the boxes' volumes add up to
  bool clustered = false;
  bool flat = false;
  uint32_t seed = 1;  // the motion's own random numbers (positions, sizes, velocities)
};

// "lognormal ballistic fill 0.40 clustered flat, 12345 boxes, seed 1017".
std::string Describe(const MotionFamilyParams& p);

// The two seed sets, disjoint (a test checks it). Report runs use only the held-out set.
enum class SeedSet { kTuning, kHeldOut };
std::span<const uint32_t> FamilySeeds(SeedSet set);
std::optional<SeedSet> ParseSeedSet(std::string_view name);  // "tuning", "heldout"
std::string_view SeedSetName(SeedSet set);

// Trace i's parameters, drawn from seed `seed` alone: box count log-uniform in
// [min_boxes, max_boxes], the rest uniform over the choices above.
MotionFamilyParams DrawFamilyTrace(uint32_t seed, uint32_t min_boxes, uint32_t max_boxes);
// The first `count` seeds of `set` (all of them when count is 0 or larger), each drawn.
std::vector<MotionFamilyParams> FamilyPlan(SeedSet set, uint32_t count, uint32_t min_boxes,
                                           uint32_t max_boxes);

class FamilyMotion {
 public:
  explicit FamilyMotion(const MotionFamilyParams& params);

  std::span<const Aabb> frame() const { return frame_; }
  uint32_t box_count() const { return uint32_t(frame_.size()); }
  void Advance();
  // The world: centres stay inside [0, extent] per axis (y's extent is small when flat).
  glm::vec3 extent() const { return extent_; }
  float mean_size() const { return mean_size_; }  // mean box edge, the unit of every speed

 private:
  float Uniform01();
  float Normal();  // standard normal (Box-Muller on Uniform01: the same on every library)
  glm::vec3 UniformIn(const glm::vec3& lo, const glm::vec3& hi);
  void DrawSizes();
  void PlaceBoxes();
  void DrawVelocities();
  glm::vec3 Tremble(const glm::vec3& home, float reach);  // uniform within reach, kept inside
  void Relaunch(size_t i);  // ballistic: a new fast velocity for box i
  void WriteFrame();

  MotionFamilyParams p_;
  std::mt19937 rng_;
  glm::vec3 extent_{0};
  float mean_size_ = 1;
  uint32_t step_ = 0;
  std::vector<glm::vec3> centre_, velocity_, half_, home_;
  std::vector<uint32_t> group_;  // orbit and clustered: the box's group
  std::vector<glm::vec3> group_centre_;
  std::vector<float> group_phase_;
  std::vector<Aabb> frame_;
};

}  // namespace partlab
