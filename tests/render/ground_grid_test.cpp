// The ground grid as plain data: a recording DebugDraw checks what would be drawn, no GPU needed.
#include "engine/view/ground_grid.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace partlab {
namespace {

struct RecordedLine {
  glm::vec3 a, b;
  Color color;
};

class RecordingDraw final : public DebugDraw {
 public:
  void Line(const glm::vec3& a, const glm::vec3& b, const Color& c) override {
    lines.push_back({a, b, c});
  }
  void Point(const glm::vec3&, float, const Color&) override { ++points; }
  void Polygon(std::span<const glm::vec3>, const Color&) override { ++polygons; }
  std::vector<RecordedLine> lines;
  int points = 0, polygons = 0;
};

TEST(GroundGrid, NiceSpacingIsOneTwoOrFiveTimesAPowerOfTen) {
  EXPECT_FLOAT_EQ(NiceGridSpacing(24.0f, 24.0f), 1.0f);
  EXPECT_FLOAT_EQ(NiceGridSpacing(30.0f, 24.0f), 2.0f);
  EXPECT_FLOAT_EQ(NiceGridSpacing(100.0f, 24.0f), 5.0f);
  EXPECT_NEAR(NiceGridSpacing(0.3f, 24.0f), 0.02f, 1e-7f);
}

TEST(GroundGrid, LiesUnderTheModelAxisAlignedAndFadesOut) {
  const Aabb box{{-0.1f, 0.05f, -0.05f}, {0.1f, 0.2f, 0.05f}};
  RecordingDraw draw;
  DrawGroundGrid(draw, box);
  ASSERT_GT(draw.lines.size(), 100u);
  EXPECT_EQ(draw.points + draw.polygons, 0);
  const float reach_limit = 1.6f * 0.2f + NiceGridSpacing(2 * 1.6f * 0.2f, 24.0f);
  for (const RecordedLine& l : draw.lines) {
    EXPECT_FLOAT_EQ(l.a.y, box.min.y);  // on the floor the model stands on
    EXPECT_FLOAT_EQ(l.b.y, box.min.y);
    EXPECT_TRUE(l.a.x == l.b.x || l.a.z == l.b.z) << "axis-aligned segments";
    EXPECT_GT(l.color.a, 0.01f);
    EXPECT_LE(l.color.a, 0.30f);
    EXPECT_LE(std::abs(l.a.x), reach_limit);
    EXPECT_LE(std::abs(l.b.z), reach_limit);
  }
  // Brighter in the middle than at the rim.
  float centre_alpha = 0, rim_alpha = 1;
  for (const RecordedLine& l : draw.lines) {
    const float r = std::hypot(0.5f * (l.a.x + l.b.x), 0.5f * (l.a.z + l.b.z));
    if (r < 0.05f) centre_alpha = std::max(centre_alpha, l.color.a);
    if (r > 0.25f) rim_alpha = std::min(rim_alpha, l.color.a);
  }
  EXPECT_GT(centre_alpha, 2 * rim_alpha);
}

TEST(GroundGrid, EmptyBoxDrawsNothing) {
  RecordingDraw draw;
  DrawGroundGrid(draw, Aabb{});
  EXPECT_TRUE(draw.lines.empty());
}

}  // namespace
}  // namespace partlab
