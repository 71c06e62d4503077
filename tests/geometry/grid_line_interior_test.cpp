// GridLineInterior (the lattice lines' stretches inside a closed surface) against an independent
// winding number, the sum of the solid angles the triangles subtend (Van Oosterom and Strackee,
// 1983): on boxes, an octahedron and a torus, with lattice lines through faces, edges and
// vertices; and IsClosedSurface, which decides whether the view may use it at all.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "engine/geometry/closed_surface.h"
#include "engine/geometry/grid_line_interior.h"
#include "engine/geometry/mesh_triangles.h"
#include "tests/geometry/closed_meshes.h"

namespace partlab {
namespace {

using test::Box;
using test::Octahedron;
using test::Reversed;
using test::Torus;

// The winding number of the surface around p as a real number: 1 inside a counter-clockwise
// outward surface, 0 outside, in between only on the surface itself.
double SolidAngleWinding(const std::vector<Triangle>& surface, const glm::vec3& p) {
  double sum = 0.0;
  for (const Triangle& t : surface) {
    const glm::dvec3 a = glm::dvec3(t.v0 - p), b = glm::dvec3(t.v1 - p), c = glm::dvec3(t.v2 - p);
    const double la = glm::length(a), lb = glm::length(b), lc = glm::length(c);
    const double numerator = glm::dot(a, glm::cross(b, c));
    const double denominator =
        la * lb * lc + glm::dot(a, b) * lc + glm::dot(a, c) * lb + glm::dot(b, c) * la;
    sum += 2.0 * std::atan2(numerator, denominator);
  }
  return sum / (4.0 * 3.14159265358979);
}

glm::vec3 OnLine(const GridFrame& g, int axis, uint32_t c1, uint32_t c2, float t) {
  glm::vec3 p;
  p[axis] = t;
  p[(axis + 1) % 3] = float(c1);
  p[(axis + 2) % 3] = float(c2);
  return g.origin + g.spacing * p;
}

bool InStretch(std::span<const GridLineInterior::Stretch> inside, float t) {
  for (const auto& s : inside)
    if (t >= s.from && t <= s.to) return true;
  return false;
}

// Every lattice line, sampled at many points along it: inside a stretch exactly where the solid
// angle says the point is inside. Points within `margin` (grid units) of a stretch's end are not
// judged: there the surface is, and rounding may fall either way.
void ExpectAgreesWithSolidAngle(const Mesh& mesh, const GridFrame& grid, int samples) {
  const std::vector<Triangle> surface = TrianglesOf(mesh);
  const GridLineInterior interior(surface, grid);
  ASSERT_TRUE(interior.complete());
  EXPECT_EQ(interior.unbalanced_lines(), 0u);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> along(-0.5f, float(grid.points) - 0.5f);
  const float margin = 1e-3f;
  int judged = 0, inside = 0;
  for (int axis = 0; axis < 3; ++axis)
    for (uint32_t c1 = 0; c1 < grid.points; ++c1)
      for (uint32_t c2 = 0; c2 < grid.points; ++c2) {
        const auto stretches = interior.Inside(axis, c1, c2);
        for (const auto& s : stretches) EXPECT_LT(s.from, s.to);
        for (size_t k = 1; k < stretches.size(); ++k)
          EXPECT_LE(stretches[k - 1].to, stretches[k].from);  // sorted, disjoint
        for (int i = 0; i < samples; ++i) {
          const float t = along(rng);
          bool near_end = false;
          for (const auto& s : stretches)
            near_end |= std::fabs(t - s.from) < margin || std::fabs(t - s.to) < margin;
          if (near_end) continue;
          const double w = SolidAngleWinding(surface, OnLine(grid, axis, c1, c2, t));
          if (std::fabs(w - std::round(w)) > 0.01) continue;  // on the surface (a face in the line)
          const bool expected = std::fabs(w) > 0.5;
          EXPECT_EQ(InStretch(stretches, t), expected)
              << "axis " << axis << " line (" << c1 << ", " << c2 << ") at " << t << ", w " << w;
          ++judged;
          inside += expected;
        }
      }
  EXPECT_GT(judged, 100);
  EXPECT_GT(inside, 10);  // the test looked inside, not only around
}

TEST(ClosedMeshes, AreWoundOutwards) {
  for (const Mesh& m :
       {Box({1, 1, 1}, {4, 4, 4}), Octahedron({3, 3, 3}, 2), Torus({6, 6, 6}, 4, 1.5f, 40, 20)}) {
    EXPECT_TRUE(IsClosedSurface(m));
    const glm::vec3 inside = m.positions.size() > 200 ? glm::vec3(10, 6, 6) : glm::vec3(3, 3, 3);
    EXPECT_NEAR(SolidAngleWinding(TrianglesOf(m), inside), 1.0, 1e-6);
    EXPECT_NEAR(SolidAngleWinding(TrianglesOf(m), {-20, 0, 0}), 0.0, 1e-6);
  }
}

TEST(GridLineInterior, BoxBetweenLatticePointsGivesItsFacesAsStretchEnds) {
  const GridFrame grid{{0, 0, 0}, 1.0f, 7};
  const GridLineInterior interior(TrianglesOf(Box({1.5f, 1.5f, 1.5f}, {4.5f, 4.5f, 4.5f})), grid);
  ASSERT_TRUE(interior.complete());
  for (int axis = 0; axis < 3; ++axis)
    for (uint32_t c1 = 0; c1 < 7; ++c1)
      for (uint32_t c2 = 0; c2 < 7; ++c2) {
        const auto s = interior.Inside(axis, c1, c2);
        const bool through = c1 >= 2 && c1 <= 4 && c2 >= 2 && c2 <= 4;
        ASSERT_EQ(s.size(), through ? 1u : 0u) << axis << " " << c1 << " " << c2;
        if (through) {
          EXPECT_FLOAT_EQ(s[0].from, 1.5f);
          EXPECT_FLOAT_EQ(s[0].to, 4.5f);
        }
      }
  EXPECT_EQ(interior.lines_with_inside(), 27u);
  EXPECT_EQ(interior.crossing_count(), 54u);  // each line in, and out
}

// Corners on lattice points: lines run through the box's edges and corners, where two or more
// triangles meet. Each must count one crossing, not two or none.
TEST(GridLineInterior, LinesThroughEdgesAndCornersCountOnce) {
  const GridFrame grid{{0, 0, 0}, 1.0f, 6};
  const GridLineInterior interior(TrianglesOf(Box({1, 1, 1}, {4, 4, 4})), grid);
  EXPECT_EQ(interior.unbalanced_lines(), 0u);
  for (int axis = 0; axis < 3; ++axis)
    for (uint32_t c1 = 0; c1 < 6; ++c1)
      for (uint32_t c2 = 0; c2 < 6; ++c2) {
        const auto s = interior.Inside(axis, c1, c2);
        const bool strictly = c1 > 1 && c1 < 4 && c2 > 1 && c2 < 4;
        const bool outside = c1 < 1 || c1 > 4 || c2 < 1 || c2 > 4;
        if (strictly) {
          ASSERT_EQ(s.size(), 1u);
          EXPECT_EQ(s[0].from, 1.0f);
          EXPECT_EQ(s[0].to, 4.0f);
        } else if (outside) {
          EXPECT_TRUE(s.empty());
        } else {  // in a face of the box: inside or not, but whole
          ASSERT_LE(s.size(), 1u);
          if (!s.empty()) {
            EXPECT_EQ(s[0].to - s[0].from, 3.0f);
          }
        }
      }
  // The octahedron's corners and the lines through its centre sit on lattice points too.
  const GridLineInterior octahedron(TrianglesOf(Octahedron({3, 3, 3}, 2)), grid);
  EXPECT_EQ(octahedron.unbalanced_lines(), 0u);
  for (int axis = 0; axis < 3; ++axis) {
    const auto s = octahedron.Inside(axis, 3, 3);  // corner to corner through the centre
    ASSERT_EQ(s.size(), 1u);
    EXPECT_EQ(s[0].from, 1.0f);
    EXPECT_EQ(s[0].to, 5.0f);
  }
  ExpectAgreesWithSolidAngle(Octahedron({3, 3, 3}, 2), grid, 8);
}

// Two triangles sharing an edge that passes (up to float rounding) through a lattice point, one
// end of the edge very close to it: the edge test, evaluated from either end, rounds differently
// and could give the point to both triangles or to neither. Evaluated the same way from both
// (EdgeFunction's canonical order), it goes to exactly one.
TEST(GridLineInterior, AnEdgeThroughALatticePointIsCrossedOnceDespiteRounding) {
  std::mt19937 rng(11);
  // Every corner within 0.91 of the lattice point: no other lattice point is covered.
  std::uniform_real_distribution<float> unit(0.2f, 0.9f), angle(0.0f, 6.2831853f);
  const glm::vec3 p(0, 0, 0);  // the lattice line along z through x = y = 0
  int covered_once = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    const float a = angle(rng);
    const glm::vec3 d(std::cos(a), std::sin(a), 0.0f), side(-d.y, d.x, 0.0f);
    // The shared edge, from a millionth of a unit away to most of a unit away.
    const glm::vec3 e0 = p - 1e-6f * unit(rng) * d, e1 = p + unit(rng) * d;
    const glm::vec3 c = p + unit(rng) * side - 0.1f * d, e = p - unit(rng) * side + 0.1f * d;
    const glm::vec3 z0(0, 0, 1.3f), z1(0, 0, 1.7f);  // two depths: the x, y of the edge are shared
    const std::vector<Triangle> pair = {{e0 + z0, e1 + z0, c + z0}, {e1 + z1, e0 + z1, e + z1}};
    const GridLineInterior interior(pair, {{0, 0, 0}, 1.0f, 4});
    covered_once += interior.crossing_count() == 1;
  }
  EXPECT_EQ(covered_once, 4000);
}

TEST(GridLineInterior, AgreesWithTheSolidAngleOnAConcaveSolid) {
  // Lattice points fall on no vertex here, but lines graze the tube and cross it up to 4 times.
  ExpectAgreesWithSolidAngle(Torus({6.2f, 6.1f, 5.9f}, 4, 1.5f, 48, 24),
                             {{0.0f, 0.0f, 0.0f}, 0.5f, 25}, 6);
}

TEST(GridLineInterior, OverlappingSolidsAreInsideWhereEitherIs) {
  Mesh two = Box({1, 1, 1}, {4, 4, 4});
  const Mesh other = Octahedron({4, 4, 4}, 2.5f);
  const uint32_t base = uint32_t(two.positions.size());
  two.positions.insert(two.positions.end(), other.positions.begin(), other.positions.end());
  for (uint32_t i : other.indices) two.indices.push_back(base + i);
  ExpectAgreesWithSolidAngle(two, {{0.25f, 0.25f, 0.25f}, 0.5f, 14}, 6);  // winding 2 inside both
}

TEST(GridLineInterior, ScaledAndShiftedLatticeMeasuresInGridUnits) {
  const GridFrame grid{{-2, -2, -2}, 0.25f, 17};  // spans [-2, 2]
  const GridLineInterior interior(TrianglesOf(Box({-1, -1, -1}, {1.1f, 1.1f, 1.1f})), grid);
  const auto s = interior.Inside(1, 8, 8);  // along y through x = z = 0
  ASSERT_EQ(s.size(), 1u);
  EXPECT_FLOAT_EQ(s[0].from, 4.0f);  // (-1 - -2) / 0.25
  EXPECT_FLOAT_EQ(s[0].to, 12.4f);   // (1.1 - -2) / 0.25
}

TEST(GridLineInterior, ReversedWindingKeepsTheInsideAndFlipsTheSign) {
  const GridFrame grid{{0, 0, 0}, 0.5f, 16};
  const Mesh torus = Torus({3.7f, 3.6f, 3.8f}, 2.2f, 0.9f, 32, 16);
  const GridLineInterior a(TrianglesOf(torus), grid), b(TrianglesOf(Reversed(torus)), grid);
  ASSERT_EQ(a.lines_with_inside(), b.lines_with_inside());
  for (int axis = 0; axis < 3; ++axis)
    for (uint32_t c1 = 0; c1 < 16; ++c1)
      for (uint32_t c2 = 0; c2 < 16; ++c2) {
        const auto sa = a.Inside(axis, c1, c2), sb = b.Inside(axis, c1, c2);
        ASSERT_EQ(sa.size(), sb.size());
        for (size_t k = 0; k < sa.size(); ++k) {
          EXPECT_EQ(sa[k].from, sb[k].from);
          EXPECT_EQ(sa[k].to, sb[k].to);
        }
      }
  const glm::vec3 in_tube(3.7f + 2.2f, 3.6f, 3.8f), in_hole(3.7f, 3.6f, 3.8f);
  EXPECT_EQ(WindingNumber(TrianglesOf(torus), in_tube), 1);
  EXPECT_EQ(WindingNumber(TrianglesOf(Reversed(torus)), in_tube), -1);
  EXPECT_EQ(WindingNumber(TrianglesOf(torus), in_hole), 0);
  EXPECT_EQ(WindingNumber(TrianglesOf(torus), {-9, 0, 0}), 0);
}

TEST(GridLineInterior, WindingNumberMatchesTheSolidAngleAtRandomPoints) {
  const Mesh torus = Torus({0, 0, 0}, 3, 1.2f, 40, 20);
  const std::vector<Triangle> surface = TrianglesOf(torus);
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> coord(-5.0f, 5.0f);
  int inside = 0;
  for (int i = 0; i < 400; ++i) {
    const glm::vec3 p(coord(rng), coord(rng), coord(rng));
    const double w = SolidAngleWinding(surface, p);
    EXPECT_EQ(WindingNumber(surface, p), int(std::lround(w))) << p.x << " " << p.y << " " << p.z;
    inside += std::lround(w) != 0;
  }
  EXPECT_GT(inside, 5);
}

// An open surface has no inside; its lines must not get one (the view then clips nothing there).
TEST(GridLineInterior, LinesThroughAnOpenSurfaceGetNoInside) {
  Mesh sheet;
  sheet.positions = {
      {0.5f, 0.5f, 2.5f}, {4.5f, 0.5f, 2.5f}, {0.5f, 4.5f, 2.5f}, {4.5f, 4.5f, 2.5f}};
  sheet.indices = {0, 1, 2, 1, 3, 2};
  EXPECT_FALSE(IsClosedSurface(sheet));
  const GridLineInterior interior(TrianglesOf(sheet), {{0, 0, 0}, 1.0f, 6});
  EXPECT_EQ(interior.unbalanced_lines(), 16u);  // the z lines through x, y in 1..4
  EXPECT_EQ(interior.lines_with_inside(), 0u);
  // A box with one face missing: the lines through the hole have no inside, the others keep it.
  Mesh open_box = Box({1.5f, 1.5f, 1.5f}, {4.5f, 4.5f, 4.5f});
  open_box.indices.resize(open_box.indices.size() - 6);  // drop the x = hi face
  const GridLineInterior box(TrianglesOf(open_box), {{0, 0, 0}, 1.0f, 7});
  EXPECT_EQ(box.unbalanced_lines(), 9u);
  EXPECT_TRUE(box.Inside(0, 3, 3).empty());
  EXPECT_EQ(box.Inside(1, 3, 3).size(), 1u);
}

TEST(GridLineInterior, BadTrianglesAreSkippedAndBadQueriesAnswerNothing) {
  std::vector<Triangle> surface = TrianglesOf(Box({1.5f, 1.5f, 1.5f}, {4.5f, 4.5f, 4.5f}));
  const float nan = std::numeric_limits<float>::quiet_NaN();
  surface.push_back({{nan, 1, 1}, {2, 2, 2}, {3, 1, 2}});
  surface.push_back({{2, 2, 2}, {2, 2, 2}, {3, 3, 3}});  // zero area
  const GridLineInterior interior(surface, {{0, 0, 0}, 1.0f, 7});
  EXPECT_EQ(interior.unbalanced_lines(), 0u);
  EXPECT_EQ(interior.lines_with_inside(), 27u);
  EXPECT_TRUE(interior.Inside(3, 3, 3).empty());
  EXPECT_TRUE(interior.Inside(0, 7, 3).empty());
  EXPECT_FALSE(GridLineInterior(surface, {{0, 0, 0}, 0.0f, 7}).complete());
  EXPECT_FALSE(GridLineInterior(surface, {{0, 0, 0}, 1.0f, 0}).complete());
}

// A lattice too fine for the crossings' memory budget is refused whole, not half done.
TEST(GridLineInterior, TooFineALatticeIsNotProcessed) {
  const GridFrame grid{{0, 0, 0}, 0.001f, 5001};
  const GridLineInterior interior(TrianglesOf(Box({0.2f, 0.2f, 0.2f}, {4.8f, 4.8f, 4.8f})), grid);
  EXPECT_FALSE(interior.complete());
  EXPECT_TRUE(interior.Inside(0, 2500, 2500).empty());
}

TEST(ClosedSurface, HoldsOnlyWhenEveryEdgeIsWalkedBothWays) {
  const Mesh box = Box({0, 0, 0}, {1, 1, 1});
  EXPECT_TRUE(IsClosedSurface(box));
  EXPECT_TRUE(IsClosedSurface(Reversed(box)));
  Mesh holed = box;
  holed.indices.resize(holed.indices.size() - 3);
  EXPECT_FALSE(IsClosedSurface(holed));
  Mesh flipped = box;
  std::swap(flipped.indices[1], flipped.indices[2]);  // one triangle against its neighbours
  EXPECT_FALSE(IsClosedSurface(flipped));
  Mesh soup;  // the same triangles with no shared vertex
  for (uint32_t i : box.indices) {
    soup.indices.push_back(uint32_t(soup.positions.size()));
    soup.positions.push_back(box.positions[i]);
  }
  EXPECT_FALSE(IsClosedSurface(soup));
  EXPECT_FALSE(IsClosedSurface(Mesh{}));
  Mesh doubled = box;  // two closed surfaces sharing nothing but their vertices are still closed
  doubled.indices.insert(doubled.indices.end(), box.indices.begin(), box.indices.end());
  EXPECT_TRUE(IsClosedSurface(doubled));
}

}  // namespace
}  // namespace partlab
