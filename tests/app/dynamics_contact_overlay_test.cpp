// The Dynamics view's contact overlay, checked without a GPU: arrows are as long as λ times the
// scale, point along N, and the point takes the colour of its class.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>
#include <vector>

#include "app/views/dynamics/contact_overlay.h"

namespace partlab {
namespace {

struct Recorder : DebugDraw {
  struct Seg {
    glm::vec3 a, b;
    Color c;
  };
  std::vector<Seg> lines;
  std::vector<std::pair<glm::vec3, Color>> points;
  void Line(const glm::vec3& a, const glm::vec3& b, const Color& c) override {
    lines.push_back({a, b, c});
  }
  void Point(const glm::vec3& p, float, const Color& c) override { points.push_back({p, c}); }
  void Polygon(std::span<const glm::vec3>, const Color&) override {}
};

TEST(ContactOverlay, ArrowLengthsAreProportionalToLambda) {
  dynamics::Contact c;
  c.P = {1, 0, 2};
  c.N = {0, 1, 0};
  c.cls = dynamics::ContactClass::kColliding;
  c.impulse = 2.0;
  c.resting_force = 30.0;
  ContactOverlayOptions o;
  o.normals = false;
  o.impulse_scale = 0.1f;
  o.force_scale = 0.01f;
  Recorder r;
  DrawContacts(std::span(&c, 1), o, r);
  ASSERT_EQ(r.points.size(), 1u);
  EXPECT_EQ(r.points[0].second, ContactClassColor(dynamics::ContactClass::kColliding));
  // Two arrows of three strokes each; the shafts start at P and run along N.
  ASSERT_EQ(r.lines.size(), 6u);
  EXPECT_NEAR(glm::length(r.lines[0].b - r.lines[0].a), 0.2f, 1e-6f);  // 2 N·s × 0.1 m/(N·s)
  EXPECT_NEAR(glm::length(r.lines[3].b - r.lines[3].a), 0.3f, 1e-6f);  // 30 N × 0.01 m/N
  EXPECT_NEAR(glm::dot(glm::normalize(r.lines[0].b - r.lines[0].a), glm::vec3(c.N)), 1.0f, 1e-6f);
  EXPECT_EQ(r.lines[0].a, glm::vec3(c.P));
}

TEST(ContactOverlay, NoArrowForZeroOrNanLambdaAndLongOnesAreClipped) {
  Recorder r;
  EXPECT_EQ(DrawArrow(r, {0, 0, 0}, {1, 0, 0}, 0.0f, 1.0f, {1, 1, 1, 1}), 0.0f);
  EXPECT_EQ(DrawArrow(r, {0, 0, 0}, {1, 0, 0}, NAN, 1.0f, {1, 1, 1, 1}), 0.0f);
  EXPECT_TRUE(r.lines.empty());
  EXPECT_EQ(DrawArrow(r, {0, 0, 0}, {1, 0, 0}, 50.0f, 1.5f, {1, 1, 1, 1}), 1.5f);
}

}  // namespace
}  // namespace partlab
