// Synthetic box motion for quick broad-phase runs without the physics scenes:
// the bench's --generate, the tests, and anyone who wants a trace of N boxes in one line.
//
//   uniform       boxes spread uniformly in a cube sized for about one overlap per box, drifting
//                 slowly (coherent motion, the broad phase's usual case);
//   clustered     boxes gathered around a few cluster centres that wander through the cube;
//   moving        fast boxes (a fifth of their size per step) bouncing inside the cube;
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

enum class SyntheticKind { kUniform, kClustered, kMoving, kTerdiman, kTerdiman100k };

std::optional<SyntheticKind> ParseSyntheticKind(std::string_view name);
std::string_view SyntheticKindNames();  // "uniform, clustered, moving, terdiman, terdiman100k"

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

 private:
  float Uniform01();
  void Build();

  SyntheticParams params_;
  std::mt19937 rng_;
  float side_ = 0;
  std::vector<glm::vec3> centre_, velocity_, half_;
  std::vector<uint32_t> cluster_of_;
  std::vector<glm::vec3> cluster_centre_, cluster_velocity_;
  std::vector<Aabb> frame_;
};

}  // namespace partlab
