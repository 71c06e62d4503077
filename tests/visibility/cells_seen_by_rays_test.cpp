// The rays a portal lesson checks the portal renderer against, on the class level whose layout
// is read straight from assets/levels/class.level: an eye in the middle of the hall looking east
// down the corridor door sees the hall and the corridor through the door, never the store behind
// its left shoulder; an eye in the closed-off corner of the west room sees only the west room and
// the hall through the arch.
#include "engine/visibility/cells_seen_by_rays.h"
#include "test_paths.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>
#include <string>

#include "engine/visibility/level_parser.h"

namespace partlab {
namespace {

class CellsSeenByRaysTest : public ::testing::Test {
 protected:
  void SetUp() override {
    LevelLoad load = LoadLevelFile(std::string(PARTLAB_SOURCE_DIR) + "/assets/levels/class.level");
    ASSERT_TRUE(load.ok());
    level = std::move(load.level);
  }
  int Cell(const char* name) const {
    for (size_t c = 0; c < level.cells.size(); ++c)
      if (level.cells[c].name == name) return int(c);
    return -1;
  }
  std::vector<uint8_t> SeenFrom(const glm::vec3& eye, const glm::vec3& target) const {
    const glm::mat4 vp = glm::perspective(glm::radians(60.0f), 16.0f / 9.0f, 0.05f, 200.0f) *
                         glm::lookAt(eye, target, glm::vec3(0, 1, 0));
    return CellsSeenByRays(level, vp, eye, 96, 54);
  }
  IndoorLevel level;
};

TEST_F(CellsSeenByRaysTest, LookingDownTheCorridorDoor) {
  // The hall spans x 0..6; its door to the corridor is at x = 6, z 2.5..3.5.
  const auto seen = SeenFrom({3.0f, 1.6f, 3.0f}, {10.0f, 1.6f, 3.0f});
  EXPECT_TRUE(seen[size_t(Cell("hall"))]);
  EXPECT_TRUE(seen[size_t(Cell("corridor"))]);
  EXPECT_FALSE(seen[size_t(Cell("store"))]);  // its door is at z = 6, 90 degrees to the left
  EXPECT_FALSE(seen[size_t(Cell("west"))]);   // behind the eye
}

TEST_F(CellsSeenByRaysTest, FacingABlankWallSeesOneCell) {
  // From the hall, looking south at its wall z = 0 from close by: nothing but the hall.
  const auto seen = SeenFrom({3.0f, 1.6f, 0.8f}, {3.0f, 1.6f, -5.0f});
  for (size_t c = 0; c < seen.size(); ++c) EXPECT_EQ(seen[c], c == size_t(Cell("hall"))) << c;
}

}  // namespace
}  // namespace partlab
