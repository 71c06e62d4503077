// Synthetic box motion for quick broad-phase runs without the physics scenes:
// the bench's --generate, the tests, and anyone who wants a trace of N boxes in one line.
//
//   uniform       boxes spread uniformly in a cube sized for about one overlap per box, drifting
//                 slowly (coherent motion, the broad phase's usual case);
//   clustered     boxes gathered around a few cluster centres that wander through the cube;
//   moving        fast boxes (a fifth of their size per step) bouncing inside the cube;
//   raining       debris, rain of crates, a collapsing structure: boxes fall under gravity from
//                 the top of the cube onto its floor (y = 0), pile up in columns, rest a while and
//                 respawn at the top (synthetic_game_motion.cpp);
//   swarming      flocks, crowds, swarms of units: boxes steer toward attractors that move through
//                 the cube, forming dense moving clusters;
//   bursting      explosions, grenades in a crowd: boxes at rest packed in a ball at the cube's
//                 centre are blown apart radially, slow down, gather back and burst again, on a
//                 fixed cycle (kBurstCycle);
//   terdiman      Terdiman's box-pruning test scene, static: 10,000 boxes, srand(42), centres
//                 (rand() & 4095) - 2048 per axis, then half-extents rand() & 127 per axis
//                 (glibc's rand gives 11,677 overlapping pairs);
//   terdiman100k  the same recipe with 100,000 boxes.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string_view>
#include <vector>

#include "engine/geometry/aabb.h"

namespace partlab {

enum class SyntheticKind {
  kUniform,
  kClustered,
  kMoving,
  kTerdiman,
  kTerdiman100k,
  kRaining,
  kSwarming,
  kBursting
};

std::optional<SyntheticKind> ParseSyntheticKind(std::string_view name);
// "uniform, clustered, moving, terdiman, terdiman100k, raining, swarming, bursting"
std::string_view SyntheticKindNames();

// Every generated kind keeps each box's centre inside the cube [0, world_side()]^3 (the Terdiman
// scenes inside [-2048, 2048]^3). The game-motion kinds' timing, in steps:
constexpr uint32_t kBurstRest = 20;    // bursting: at rest, packed
constexpr uint32_t kBurstFlight = 50;  // then flying outward, slowed by drag
constexpr uint32_t kBurstReturn = 20;  // then gathering back to the packed places
constexpr uint32_t kBurstCycle = kBurstRest + kBurstFlight + kBurstReturn;

struct SyntheticParams {
  SyntheticKind kind = SyntheticKind::kMoving;
  uint32_t boxes = 4250;  // ignored by the Terdiman scenes
  uint32_t seed = 1;      // likewise (they use srand(42))
};

class SyntheticMotion {
 public:
  explicit SyntheticMotion(const SyntheticParams& params);

  uint32_t box_count() const { return uint32_t(frame_.size()); }
  std::span<const Aabb> frame() const { return frame_; }
  void Advance();  // moves to the next frame (the Terdiman scenes stay still)
  float world_side() const { return side_; }
  uint32_t step() const { return step_; }  // frames advanced since the first (which is step 0)

  // Bursting: the centre the boxes burst from. Swarming: box i's attractor now.
  glm::vec3 burst_centre() const { return glm::vec3(side_ * 0.5f); }
  glm::vec3 attractor_of(uint32_t box) const { return cluster_centre_[cluster_of_[box]]; }

 private:
  float Uniform01();
  glm::vec3 UniformBall();  // uniform in the unit ball
  void Build();
  void BuildGameMotion();  // raining, swarming, bursting (synthetic_game_motion.cpp)
  void AdvanceRaining();
  void AdvanceSwarming();
  void AdvanceBursting();
  void WriteFrame();  // frame_[i] from centre_[i] and half_[i]

  SyntheticParams params_;
  std::mt19937 rng_;
  float side_ = 0;
  std::vector<glm::vec3> centre_, velocity_, half_;
  std::vector<uint32_t> cluster_of_;
  std::vector<glm::vec3> cluster_centre_, cluster_velocity_;
  std::vector<Aabb> frame_;
  uint32_t step_ = 0;
  // Raining: each box's remaining rest steps (0 while falling) and the pile height per floor
  // column (a grid of columns_ x columns_ cells over x and z).
  std::vector<uint32_t> rest_left_;
  std::vector<float> pile_height_;
  uint32_t columns_ = 1;
  // Swarming: attractor phases; bursting: each box's packed place (home_).
  std::vector<glm::vec3> phase_;
  std::vector<glm::vec3> home_;
  std::vector<float> burst_speed_;  // bursting: each box's launch speed
};

}  // namespace partlab
