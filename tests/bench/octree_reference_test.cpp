// The octree bench's independent answers (bench/octree_reference.h): a wrong answer must be caught
// whichever reference checks its ray. Brute force, run here on its own, is what "right" means.
#include "bench/octree_reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "engine/octree/random_scenes.h"

namespace partlab::bench {
namespace {

struct Scene {
  std::vector<Triangle> triangles = MakeTriangleSoup(Affinity::kHigh, 500, 7);
  PreparedTriangles prepared{triangles};
  std::vector<Ray> rays = MakeRandomRays(200, 3);
  std::vector<RayHit> truth;
  Scene() {
    for (const Ray& r : rays) truth.push_back(BruteForceNearest(prepared, r));
  }
  // Embree's answers stood in by the true t, nudged by `relative` (within or beyond tolerance).
  std::vector<float> EmbreeLike(float relative) const {
    std::vector<float> t;
    for (const RayHit& h : truth) t.push_back(h.hit ? h.t * (1.0f + relative) : INFINITY);
    return t;
  }
  size_t FirstHit() const {
    for (size_t i = 0; i < truth.size(); ++i)
      if (truth[i].hit) return i;
    return SIZE_MAX;
  }
};

// A hit moved to another triangle at a slightly larger t, as a traversal that skipped the
// nearest triangle's cell would report.
RayHit Wrong(const RayHit& right) {
  RayHit w = right;
  w.t = std::nextafter(right.t, INFINITY);
  w.triangle = right.triangle + 1;
  return w;
}

TEST(OctreeReference, BruteForceChecksItsRaysExactly) {
  Scene s;
  const size_t i = s.FirstHit();
  ASSERT_NE(i, SIZE_MAX);
  ReferenceAnswers reference(s.prepared, s.rays, s.truth, {});
  std::vector<bool> agrees;
  const RayHit answers[] = {s.truth[i], Wrong(s.truth[i]), RayHit{}};
  reference.Check(i, answers, &agrees);
  EXPECT_TRUE(agrees[0]);
  EXPECT_FALSE(agrees[1]);  // one ulp and another triangle: exactness catches it
  EXPECT_FALSE(agrees[2]);  // a miss for a hit
}

TEST(OctreeReference, WithoutEmbreeBruteForceAnswersTheRaysItWasNotGiven) {
  Scene s;
  ReferenceAnswers reference(s.prepared, s.rays, {}, {});  // no brute-force answers given
  std::vector<bool> agrees;
  for (size_t i = 0; i < s.rays.size(); ++i) {
    const RayHit answers[] = {s.truth[i]};
    reference.Check(i, answers, &agrees);
    EXPECT_TRUE(agrees[0]) << "ray " << i;
  }
  EXPECT_EQ(reference.Counts().brute_force_rays, s.rays.size());
  EXPECT_EQ(reference.Counts().embree_rays, 0u);
}

TEST(OctreeReference, EmbreeAcceptsWithinToleranceAndBruteForceSettlesDisagreements) {
  Scene s;
  const size_t i = s.FirstHit();
  ASSERT_NE(i, SIZE_MAX);
  // Embree's t a quarter of the tolerance away from the truth: the true answer agrees with it.
  ReferenceAnswers reference(s.prepared, s.rays, {}, s.EmbreeLike(0.25f * kEmbreeTolerance));
  std::vector<bool> agrees;
  const RayHit right[] = {s.truth[i]};
  reference.Check(i, right, &agrees);
  EXPECT_TRUE(agrees[0]);
  EXPECT_FALSE(reference.KnowsBruteForce(i));  // Embree sufficed
  // A miss where Embree hits: brute force is asked, and disproves it.
  const size_t j = [&] {
    for (size_t k = i + 1; k < s.truth.size(); ++k)
      if (s.truth[k].hit) return k;
    return SIZE_MAX;
  }();
  ASSERT_NE(j, SIZE_MAX);
  const RayHit missed[] = {RayHit{}, s.truth[j]};
  reference.Check(j, missed, &agrees);
  EXPECT_FALSE(agrees[0]);
  EXPECT_TRUE(agrees[1]);
  EXPECT_TRUE(reference.KnowsBruteForce(j));
  const ReferenceCounts counts = reference.Counts();
  EXPECT_EQ(counts.embree_rays, 1u);
  EXPECT_EQ(counts.brute_force_rays, 1u);
  EXPECT_EQ(counts.settled_rays, 1u);
}

TEST(OctreeReference, EmbreeBeyondToleranceIsSettledByBruteForceNotBelieved) {
  Scene s;
  const size_t i = s.FirstHit();
  ASSERT_NE(i, SIZE_MAX);
  // Embree off by ten times the tolerance: the right answer disagrees with it, and brute force
  // (not Embree) then declares it right.
  ReferenceAnswers reference(s.prepared, s.rays, {}, s.EmbreeLike(10.0f * kEmbreeTolerance));
  std::vector<bool> agrees;
  const RayHit right[] = {s.truth[i]};
  reference.Check(i, right, &agrees);
  EXPECT_TRUE(agrees[0]);
  EXPECT_TRUE(reference.KnowsBruteForce(i));
  EXPECT_TRUE(SameAnswer(reference.BruteForce(i), s.truth[i]));
}

TEST(OctreeReference, ToleranceIsRelativeAboveOneAndAbsoluteBelow) {
  RayHit h;
  h.hit = true;
  h.t = 50.0f;
  EXPECT_TRUE(AgreesWithinTolerance(h, 50.0f * (1.0f + 0.5f * kEmbreeTolerance)));
  EXPECT_FALSE(AgreesWithinTolerance(h, 50.0f * (1.0f + 2.0f * kEmbreeTolerance)));
  h.t = 0.01f;
  EXPECT_TRUE(AgreesWithinTolerance(h, 0.01f + 0.5f * kEmbreeTolerance));
  EXPECT_FALSE(AgreesWithinTolerance(h, INFINITY));
  EXPECT_TRUE(AgreesWithinTolerance(RayHit{}, INFINITY));
}

}  // namespace
}  // namespace partlab::bench
