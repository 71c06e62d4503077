// The Dynamics view's contact overlay, checked without a GPU: arrows are as long as λ times the
// scale, point along N, and the point takes the colour of its class; the resting forces' scale
// chosen from the largest force gives that force its fraction of the picture, the others in
// proportion, and no arrow of that scale is clipped.
#include <gtest/gtest.h>

#include <cmath>
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

dynamics::Contact RestingContact(glm::dvec3 P, double force) {
  dynamics::Contact c;
  c.P = P;
  c.N = {0, 1, 0};
  c.cls = dynamics::ContactClass::kResting;
  c.resting_force = force;
  return c;
}

// The shafts of the resting forces' arrows (the green strokes that start at a contact point).
std::vector<float> ForceShaftLengths(const Recorder& r, const std::vector<dynamics::Contact>& cs) {
  std::vector<float> lengths;
  for (const dynamics::Contact& c : cs)
    for (const Recorder::Seg& s : r.lines)
      if (s.a == glm::vec3(c.P)) lengths.push_back(glm::length(s.b - s.a));
  return lengths;
}

TEST(ContactOverlay, ChosenForceScaleGivesTheLargestForceItsFractionOfThePicture) {
  const std::vector<dynamics::Contact> contacts = {RestingContact({0, 0, 0}, 10.0),
                                                   RestingContact({1, 0, 0}, 30.0),
                                                   RestingContact({2, 0, 0}, NAN)};
  ContactOverlayOptions o;
  o.points = o.normals = o.impulses = false;
  o.force_auto = true;
  o.force_fraction = 0.2f;            // not the default: the test names its own
  o.max_arrow = 0.5f;                 // shorter than the chosen longest arrow: it must not clip it
  const float picture_height = 5.0f;  // m seen top to bottom
  const ForceScale scale = ChooseForceScale(contacts, o, picture_height);
  EXPECT_FLOAT_EQ(scale.largest, 30.0f);        // the NaN force is no force
  EXPECT_FLOAT_EQ(scale.longest, 0.2f * 5.0f);  // a fifth of 5 m
  EXPECT_FLOAT_EQ(scale.metres_per_newton, 1.0f / 30.0f);
  Recorder r;
  DrawContacts(contacts, o, scale, r);
  const std::vector<float> shafts = ForceShaftLengths(r, contacts);
  ASSERT_EQ(shafts.size(), 2u);
  EXPECT_NEAR(shafts[0], 1.0f / 3.0f, 1e-6f);  // 10 N is a third of 30 N
  EXPECT_NEAR(shafts[1], 1.0f, 1e-6f);
  // The longest arrow's head grows with it (a fifth of it, past the fixed 0.06 m), so it reads as
  // an arrow where it runs along a box's edge: each stroke is head x sqrt(1 + 0.6^2).
  const glm::vec3 tip(1.0f, 1.0f, 0.0f);
  int strokes = 0;
  for (const Recorder::Seg& seg : r.lines)
    if (seg.a == tip) {
      ++strokes;
      EXPECT_NEAR(glm::length(seg.b - seg.a), 0.2f * std::sqrt(1.36f), 1e-5f);
    }
  EXPECT_EQ(strokes, 2);
}

TEST(ContactOverlay, FixedForceScaleWhenNotChosenOrNothingRests) {
  const std::vector<dynamics::Contact> contacts = {RestingContact({0, 0, 0}, 100.0)};
  ContactOverlayOptions o;
  o.force_auto = false;
  o.force_scale = 0.01f;
  ForceScale scale = ChooseForceScale(contacts, o, 5.0f);
  EXPECT_FLOAT_EQ(scale.metres_per_newton, 0.01f);
  EXPECT_FLOAT_EQ(scale.longest, 1.0f);  // 100 N x 0.01 m/N, within max_arrow
  o.force_auto = true;
  scale = ChooseForceScale({}, o, 5.0f);  // no contact: the fixed scale, no largest force
  EXPECT_FLOAT_EQ(scale.largest, 0.0f);
  EXPECT_FLOAT_EQ(scale.metres_per_newton, 0.01f);
}

}  // namespace
}  // namespace partlab
