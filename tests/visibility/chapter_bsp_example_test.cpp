// The chapter's BSP example (section 3.2.3.3, figures 3.3 and 3.4): the layout checked against
// every sentence of the text with the test's own plane arithmetic, then the tree, the book's
// drawing order 3, 2, 4, 1, 6, 5, 8, 7, 9 and the culled set of figure 3.4.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "engine/geometry/moller_trumbore.h"
#include "engine/visibility/chapter_bsp_example.h"

namespace partlab {
namespace {

// Side of point p relative to wall w: + right (front), - left (back).
float Side(const std::vector<glm::vec3>& w, const glm::vec3& p) {
  const glm::vec3 n = glm::cross(w[1] - w[0], w[2] - w[0]);
  return glm::dot(n, p - w[0]);
}
bool AllRight(const std::vector<glm::vec3>& w, const std::vector<glm::vec3>& other) {
  for (const glm::vec3& p : other)
    if (Side(w, p) <= 0.0f) return false;
  return true;
}
bool AllLeft(const std::vector<glm::vec3>& w, const std::vector<glm::vec3>& other) {
  for (const glm::vec3& p : other)
    if (Side(w, p) >= 0.0f) return false;
  return true;
}

class ChapterBsp : public ::testing::Test {
 protected:
  ChapterBspExample e = MakeChapterBspExample();
  const std::vector<glm::vec3>& W(int book) const {
    static constexpr int kInput[] = {-1, 0, 1, 2, 3, 4, 7, 5, 7, 6};  // book -> input slot
    return e.walls[size_t(kInput[book])];
  }
  int Book(const PolygonBsp& bsp, int node) const {
    return node < 0 ? 0 : ChapterBookNumber(e, bsp, bsp.nodes()[size_t(node)].polygon);
  }
};

TEST_F(ChapterBsp, LayoutSatisfiesTheText) {
  for (int w : {2, 3, 4}) EXPECT_TRUE(AllLeft(W(1), W(w))) << w;
  for (int w : {5, 7, 9}) EXPECT_TRUE(AllRight(W(1), W(w))) << w;
  EXPECT_TRUE(AllRight(W(1), W(6)));  // the wall that becomes 6 and 8
  EXPECT_TRUE(AllLeft(W(2), W(4)));
  EXPECT_TRUE(AllRight(W(2), W(3)));
  EXPECT_TRUE(AllLeft(W(5), W(7)));
  EXPECT_TRUE(AllLeft(W(5), W(9)));
  EXPECT_FALSE(AllLeft(W(5), W(6)) || AllRight(W(5), W(6)));  // 5's plane cuts it
  EXPECT_TRUE(AllLeft(W(7), W(9)));
  // O right of 1, left of 2, 5 and 7.
  EXPECT_GT(Side(W(1), e.observer), 0.0f);
  EXPECT_LT(Side(W(2), e.observer), 0.0f);
  EXPECT_LT(Side(W(5), e.observer), 0.0f);
  EXPECT_LT(Side(W(7), e.observer), 0.0f);
}

TEST_F(ChapterBsp, TreeIsTheBooks) {
  const PolygonBsp bsp(e.walls, SplitterHeuristic::kFirst);
  EXPECT_EQ(bsp.stats().polygons, 9u);
  EXPECT_EQ(bsp.stats().splits, 1u);
  const auto& n = bsp.nodes();
  const int root = bsp.root();
  ASSERT_EQ(Book(bsp, root), 1);
  const PolygonBspNode& one = n[size_t(root)];
  ASSERT_EQ(Book(bsp, one.back), 2);  // left = back (behind the normal)
  ASSERT_EQ(Book(bsp, one.front), 5);
  const PolygonBspNode& two = n[size_t(one.back)];
  EXPECT_EQ(Book(bsp, two.back), 4);
  EXPECT_EQ(Book(bsp, two.front), 3);
  const PolygonBspNode& five = n[size_t(one.front)];
  EXPECT_EQ(Book(bsp, five.front), 6);
  ASSERT_EQ(Book(bsp, five.back), 7);
  const PolygonBspNode& seven = n[size_t(five.back)];
  EXPECT_EQ(Book(bsp, seven.front), 8);
  EXPECT_EQ(Book(bsp, seven.back), 9);
  for (int leaf : {two.back, two.front, five.front, seven.front, seven.back}) {
    EXPECT_EQ(n[size_t(leaf)].front, -1);
    EXPECT_EQ(n[size_t(leaf)].back, -1);
  }
}

TEST_F(ChapterBsp, DrawingOrderIsTheBooks) {
  const PolygonBsp bsp(e.walls, SplitterHeuristic::kFirst);
  std::vector<uint32_t> order;
  bsp.BackToFront(e.observer, &order);
  std::vector<int> books;
  for (uint32_t p : order) books.push_back(ChapterBookNumber(e, bsp, p));
  EXPECT_EQ(books, (std::vector<int>{3, 2, 4, 1, 6, 5, 8, 7, 9}));
}

// Figure 3.4: checked first with the test's own geometry (1's plane misses the frustum, 9 lies
// outside it, 7 hides 5), then the culled traversal: 1-4 and 9 culled, 5 drawn anyway.
TEST_F(ChapterBsp, Figure34Culling) {
  const Frustum f(e.ViewProjection());
  for (const glm::vec3& c : f.corners()) EXPECT_GT(Side(W(1), c), 0.0f);
  bool nine_outside = false;
  for (const Plane& p : f.planes()) {
    bool all_out = true;
    for (const glm::vec3& v : W(9)) all_out = all_out && p.Distance(v) < 0.0f;
    nine_outside = nine_outside || all_out;
  }
  EXPECT_TRUE(nine_outside);
  // Every sight line from O to a grid of points on 5 meets 7 first.
  const std::vector<glm::vec3>& five = W(5);
  const std::vector<glm::vec3>& seven = W(7);
  RayTriangleOptions opt;
  for (int i = 0; i <= 10; ++i)
    for (int j = 0; j <= 10; ++j) {
      const glm::vec3 p =
          five[0] + (five[1] - five[0]) * (i / 10.0f) + (five[3] - five[0]) * (j / 10.0f);
      RayTriangleHit h;
      opt.t_max = 1.0f;
      const bool hit = IntersectMollerTrumbore(e.observer, p - e.observer, seven[0],
                                               seven[1] - seven[0], seven[2] - seven[0], opt, &h) ||
                       IntersectMollerTrumbore(e.observer, p - e.observer, seven[0],
                                               seven[2] - seven[0], seven[3] - seven[0], opt, &h);
      EXPECT_TRUE(hit) << i << "," << j;
    }
  const PolygonBsp bsp(e.walls, SplitterHeuristic::kFirst);
  std::vector<uint32_t> order;
  BspCullStats stats;
  bsp.BackToFrontCulled(e.observer, f, &order, &stats);
  std::vector<int> books;
  for (uint32_t p : order) books.push_back(ChapterBookNumber(e, bsp, p));
  EXPECT_EQ(books, (std::vector<int>{6, 5, 8, 7}));
}

}  // namespace
}  // namespace partlab
