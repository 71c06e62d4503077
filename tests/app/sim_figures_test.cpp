// The thesis's Figures 3.1, 3.2 and 3.5 as the Simulation view draws them (sim_projections.h,
// sim_cut_directions.h), recorded through DebugDraw on the scripted "directions" figure: the 13
// directions by kind, the relevant vertices against all eight corners, the projections' claims
// holding on the figure and failing on a normal they were not computed for.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "app/views/simulation/sim_cut_directions.h"
#include "app/views/simulation/sim_lesson_answers.h"
#include "app/views/simulation/sim_projections.h"
#include "engine/broadphase/sabsp/bsp_figures.h"
#include "engine/broadphase/sabsp/projection.h"

namespace partlab {
namespace {

class Recorder final : public DebugDraw {
 public:
  void Line(const glm::vec3& a, const glm::vec3& b, const Color& c) override {
    lines.push_back({a, b, c});
  }
  void Point(const glm::vec3&, float, const Color&) override { ++points; }
  void Polygon(std::span<const glm::vec3>, const Color&) override {}
  struct Segment {
    glm::vec3 a, b;
    Color c;
  };
  std::vector<Segment> lines;
  int points = 0;
};

// The directions figure after its diagonal split (as thesis_cut_directions step 2 runs it).
void StepToTheSplit(BspFigureRun& run) {
  for (int i = 0; i < 3; ++i) run.Step();
}

TEST(SimFigures, ThirteenDirectionsByKind) {
  BspFigureRun run(*FindBspFigure("directions"), /*thesis=*/true);
  StepToTheSplit(run);
  Recorder draw;
  DrawCutDirections(run.bsp(), run.bsp().WorldBound(), draw);
  ASSERT_EQ(draw.lines.size(), 13u);
  int axes = 0, faces = 0, bodies = 0;
  for (const auto& s : draw.lines) {
    axes += s.c == cut_direction_colours::kAxis;
    faces += s.c == cut_direction_colours::kFaceDiagonal;
    bodies += s.c == cut_direction_colours::kBodyDiagonal;
    // Every vector starts at the same point and no two point the same way or opposite ways.
    EXPECT_EQ(s.a, draw.lines[0].a);
  }
  EXPECT_EQ(axes, 3);
  EXPECT_EQ(faces, 6);
  EXPECT_EQ(bodies, 4);
  for (size_t i = 0; i < draw.lines.size(); ++i)
    for (size_t j = i + 1; j < draw.lines.size(); ++j) {
      const glm::vec3 u = glm::normalize(draw.lines[i].b - draw.lines[i].a);
      const glm::vec3 v = glm::normalize(draw.lines[j].b - draw.lines[j].a);
      EXPECT_LT(std::fabs(glm::dot(u, v)), 0.999f) << i << " " << j;
    }
}

TEST(SimFigures, RelevantVerticesGiveTheExtremeCorners) {
  const Aabb box{{1, 2, 3}, {4, 6, 5}};
  for (const glm::vec3 n : {glm::vec3(1, 0, 0), glm::normalize(glm::vec3(1, -1, 0)),
                            glm::normalize(glm::vec3(-1, 1, -1))}) {
    const RelevantVertices v = RelevantVerticesOf(box, n);
    float lo = INFINITY, hi = -INFINITY;
    for (int c = 0; c < 8; ++c) {
      const glm::vec3 p(c & 1 ? box.max.x : box.min.x, c & 2 ? box.max.y : box.min.y,
                        c & 4 ? box.max.z : box.min.z);
      lo = std::min(lo, glm::dot(n, p));
      hi = std::max(hi, glm::dot(n, p));
    }
    EXPECT_FLOAT_EQ(glm::dot(n, v.low), lo);
    EXPECT_FLOAT_EQ(glm::dot(n, v.high), hi);
  }
}

TEST(SimFigures, ProjectionsHoldAndAreDrawnPerBox) {
  BspFigureRun run(*FindBspFigure("directions"), /*thesis=*/true);
  StepToTheSplit(run);
  const glm::vec3 n = run.bsp().tree().node(run.bsp().tree().root()).normal;
  EXPECT_EQ(CheckProjections(run.boxes(), n), "");
  Recorder draw;
  DrawProjections(run.bsp(), run.boxes(), ProjectionView{}, draw);
  size_t present = 0;
  for (const Aabb& b : run.boxes()) present += !b.IsEmpty();
  // The axis, then per box its interval and the two lines from its vertices to the interval.
  EXPECT_EQ(draw.lines.size(), 1 + 3 * present);
  EXPECT_EQ(draw.points, int(2 * present));
  // Each interval lies along n, and its length is the box's projected width.
  size_t box = 0;
  for (size_t i = 1; i < draw.lines.size(); i += 3, ++box) {
    while (run.boxes()[box].IsEmpty()) ++box;
    const glm::vec3 d = draw.lines[i].b - draw.lines[i].a;
    const Interval iv = ProjectAabb(run.boxes()[box], n);
    EXPECT_NEAR(glm::dot(d, n), iv.hi - iv.lo, 1e-4f);
    EXPECT_NEAR(glm::length(d - glm::dot(d, n) * n), 0.0f, 1e-4f);
  }
}

// Two boxes that overlap overlap on every one of the 13 normals (3.1: projecting loses no
// collision).
TEST(SimFigures, OverlappingBoxesOverlapOnEveryNormal) {
  const std::vector<Aabb> boxes = {
      {{0, 0, 0}, {2, 2, 2}}, {{1.9f, 1.9f, 1.9f}, {3, 3, 3}}, {{5, 5, 5}, {6, 6, 6}}};
  for (int x = -1; x <= 1; ++x)
    for (int y = -1; y <= 1; ++y)
      for (int z = -1; z <= 1; ++z)
        if (x || y || z) EXPECT_EQ(CheckProjections(boxes, glm::normalize(glm::vec3(x, y, z))), "");
}

// Figure 2.4's rule on the directions figure's rows, and on boxes that overlap on x and y but not
// on z: only every axis together removes that pair.
TEST(SimFigures, AxisPruningKeepsExactlyTheOverlappingPairs) {
  BspFigureRun run(*FindBspFigure("directions"), /*thesis=*/true);
  StepToTheSplit(run);
  ASSERT_FALSE(AllOverlappingPairs(run.boxes()).empty());  // the rows' neighbours touch
  EXPECT_EQ(CheckAxisPruning(run.boxes()), "");
  const std::vector<Aabb> apart_in_z = {{{0, 0, 0}, {2, 2, 1}}, {{1, 1, 2}, {3, 3, 3}}};
  EXPECT_EQ(CheckAxisPruning(apart_in_z), "");
  Recorder draw;
  DrawAxisProjections(run.boxes(), ProjectionView{}, draw);
  size_t present = 0;
  for (const Aabb& b : run.boxes()) present += !b.IsEmpty();
  EXPECT_EQ(draw.lines.size(), 2 * (1 + 3 * present));  // two axes
}

// Figure 5.2: the balance figure's leaves stay sorted as its boxes move; the root is not a leaf.
TEST(SimFigures, LeafListsStaySortedAndAreDrawnInOrder) {
  BspFigureRun run(*FindBspFigure("balance"), /*thesis=*/true);
  for (int step = 0; step < 12; ++step) {
    run.Step();
    const BspTree& tree = run.bsp().tree();
    for (NodeId n = 0; n < tree.nodes().size(); ++n)
      if (tree.nodes()[n].alive && tree.node(n).child[0] == kNoNode && !tree.leaf(n).empty())
        EXPECT_EQ(CheckLeafListSorted(run.bsp(), n), "") << "step " << step << " leaf " << n;
  }
  const BspTree& tree = run.bsp().tree();
  ASSERT_NE(tree.node(tree.root()).child[0], kNoNode);
  EXPECT_EQ(CheckLeafListSorted(run.bsp(), tree.root()), "not a leaf");
  const NodeId left = tree.node(tree.root()).child[0];
  Recorder draw;
  std::vector<Aabb> scratch;
  DrawLeafList(run.bsp(), left, ProjectionView{}, scratch, draw);
  EXPECT_EQ(draw.lines.size(), 1 + 3 * tree.leaf(left).size());
  // Stacked in list order: each interval's lower end is at or past the one drawn before it.
  const glm::vec3 n = tree.direction(tree.node(left).sort_dir);
  for (size_t i = 4; i < draw.lines.size(); i += 3)
    EXPECT_GE(glm::dot(draw.lines[i].a, n), glm::dot(draw.lines[i - 3].a, n) - 1e-4f);
}

}  // namespace
}  // namespace partlab
