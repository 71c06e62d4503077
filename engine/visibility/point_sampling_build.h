// The point-sampling PVS of section 3.2.3.4 as a build that runs in slices (pvs_build.h): "Para
// cada um destes pontos traça-se uma reta para cada um dos pontos discretizados de cada uma das i
// células do cenário". One unit is one pair of cells: every segment between their points until a
// clear one; a step is one point of the first cell against every point of the second. Its cost is
// the pairs times the segments a pair needs: n (n - 1) / 2 pairs, and up to (points per cell)²
// segments for a pair that cannot see each other, each walked cell by cell.
#pragma once

#include <vector>

#include "engine/visibility/pvs_build.h"

namespace partlab {

class PointSamplingBuild final : public PvsBuild {
 public:
  PointSamplingBuild(const IndoorLevel& level, const PvsOptions& options);

 private:
  bool Step() override;

  const IndoorLevel& level_;
  std::vector<std::vector<glm::vec3>> points_;
  uint32_t a_ = 0, b_ = 1;  // the pair under test; pairs run in order
  size_t i_ = 0;            // the next point of cell a_ to test against cell b_'s
};

}  // namespace partlab
