// The lessons' independent answers for the polygon BSP (engine/visibility/painter_order_check.h),
// checked against answers that do not come from the BSP: the book's own drawing order for figure
// 3.4 (section 3.2.3.3), two quads whose right order is obvious, and frusta whose outside is
// known by construction.
#include "engine/visibility/painter_order_check.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "engine/visibility/chapter_bsp_example.h"

namespace partlab {
namespace {

std::vector<glm::vec3> QuadAtZ(float z, float half) {
  return {{-half, -half, z}, {half, -half, z}, {half, half, z}, {-half, half, z}};
}

std::vector<BspPolygon> TwoQuads() {
  return {BspPolygon{QuadAtZ(1.0f, 1.0f), 0}, BspPolygon{QuadAtZ(2.0f, 1.0f), 1}};
}

TEST(BackToFrontByStack, GivesTheBooksOrderForFigure34) {
  const ChapterBspExample e = MakeChapterBspExample();
  const PolygonBsp bsp(e.walls, SplitterHeuristic::kFirst);
  std::vector<int> book;
  for (uint32_t p : BackToFrontByStack(bsp, e.observer))
    book.push_back(ChapterBookNumber(e, bsp, p));
  EXPECT_EQ(book, (std::vector<int>{3, 2, 4, 1, 6, 5, 8, 7, 9}));  // the chapter's text
}

TEST(BackToFrontByStack, IsAPaintersOrderFromEveryEye) {
  const ChapterBspExample e = MakeChapterBspExample();
  const PolygonBsp bsp(e.walls, SplitterHeuristic::kFirst);
  for (float x = -5.25f; x <= 11.0f; x += 1.5f)  // off every wall's plane
    for (float z = -3.25f; z <= 8.0f; z += 1.5f) {
      const glm::vec3 eye(x, 1.3f, z);
      const std::vector<uint32_t> order = BackToFrontByStack(bsp, eye);
      EXPECT_EQ(order.size(), bsp.polygons().size());
      EXPECT_FALSE(FirstPainterViolation(bsp.polygons(), order, eye)) << x << ", " << z;
    }
}

TEST(FirstPainterViolation, FindsTheNearQuadPaintedFirst) {
  const std::vector<BspPolygon> quads = TwoQuads();
  const glm::vec3 eye(0.0f, 0.0f, 0.0f);
  const std::vector<uint32_t> near_first = {0, 1}, far_first = {1, 0};
  const auto bad = FirstPainterViolation(quads, near_first, eye);
  ASSERT_TRUE(bad);
  EXPECT_EQ(*bad, std::make_pair(size_t(0), size_t(1)));
  EXPECT_FALSE(FirstPainterViolation(quads, far_first, eye));
}

TEST(FirstPainterViolation, SideBySideQuadsNeedNoOrder) {
  const std::vector<BspPolygon> quads = {
      BspPolygon{{{-3, -1, 2}, {-1, -1, 2}, {-1, 1, 2}, {-3, 1, 2}}, 0},
      BspPolygon{{{1, -1, 2}, {3, -1, 2}, {3, 1, 2}, {1, 1, 2}}, 1}};
  const std::vector<uint32_t> a = {0, 1}, b = {1, 0};
  EXPECT_FALSE(FirstPainterViolation(quads, a, glm::vec3(0.0f)));
  EXPECT_FALSE(FirstPainterViolation(quads, b, glm::vec3(0.0f)));
}

// A camera at the origin looking down -z with a 90-degree field of view: x = -z is its right
// plane, so a wall at x = 3 for z in [-2, -1] is outside although it is in front of the eye.
class OutsideFrustum : public ::testing::Test {
 protected:
  Frustum frustum{glm::perspective(glm::radians(90.0f), 1.0f, 0.1f, 50.0f)};
};

TEST_F(OutsideFrustum, AWallBehindTheEyeIsOutside) {
  EXPECT_TRUE(PolygonOutsideFrustum(QuadAtZ(2.0f, 1.0f), frustum));
}

TEST_F(OutsideFrustum, AWallAheadIsInside) {
  EXPECT_FALSE(PolygonOutsideFrustum(QuadAtZ(-5.0f, 1.0f), frustum));
}

TEST_F(OutsideFrustum, AWallCrossingTheEdgeIsNotOutside) {
  const std::vector<glm::vec3> wall = {{0, -1, -4}, {9, -1, -4}, {9, 1, -4}, {0, 1, -4}};
  EXPECT_FALSE(PolygonOutsideFrustum(wall, frustum));
}

TEST_F(OutsideFrustum, AWallBesideTheFrustumIsOutside) {
  const std::vector<glm::vec3> wall = {{3, -1, -1}, {3, -1, -2}, {3, 1, -2}, {3, 1, -1}};
  EXPECT_TRUE(PolygonOutsideFrustum(wall, frustum));
}

}  // namespace
}  // namespace partlab
