// Fuzz target: the --fit100 path and the ray queries on finite-but-extreme values. Triangles and
// rays come from the fuzzer's bytes (extreme_values.h: the ends of the float range, denormals,
// raw float bits). Properties:
//   - FitTo100Cube either puts every finite vertex into [-50, 50] with the largest extent 100,
//     or says why it cannot (no finite vertex, or zero extent) and changes nothing;
//   - on the raw triangles and on the fitted ones, the octree (both placements, both traversals)
//     answers every ray exactly as the brute force does, whatever the ray's direction length;
//   - no answer is NaN, and a hit's t is positive.
#include <cmath>
#include <string>
#include <vector>

#include "engine/geometry/mesh_triangles.h"
#include "engine/octree/brute_force_rays.h"
#include "engine/octree/octree.h"
#include "tests/fuzz/extreme_values.h"

namespace partlab::fuzz {
namespace {

void CheckFit(const std::vector<Triangle>& before, const std::vector<Triangle>& after,
              const std::string& why) {
  if (!why.empty()) {
    for (size_t i = 0; i < before.size(); ++i)
      if (std::memcmp(&before[i], &after[i], sizeof(Triangle)) != 0)
        Fail("a refused fit changed the triangles");
    return;
  }
  float lo = INFINITY, hi = -INFINITY, largest = 0;
  for (int a = 0; a < 3; ++a) {
    lo = INFINITY, hi = -INFINITY;
    for (const Triangle& t : after)
      for (const glm::vec3& p : {t.v0, t.v1, t.v2}) {
        if (!std::isfinite(p[a])) continue;
        if (std::fabs(p[a]) > 50.001f) Fail("fitted coordinate beyond 50");
        lo = std::fmin(lo, p[a]);
        hi = std::fmax(hi, p[a]);
      }
    largest = std::fmax(largest, hi - lo);
  }
  if (std::fabs(largest - 100.0f) > 0.01f) Fail("fitted extent " + std::to_string(largest));
}

void CheckQueries(const std::vector<Triangle>& tris, const std::vector<Ray>& rays) {
  const PreparedTriangles prepared(tris);
  const Octree trees[2] = {Octree(tris, {Placement::kDeepestContaining, 6, 0}),
                           Octree(tris, {Placement::kLeafReferences, 6, 2})};
  for (const Ray& ray : rays) {
    const RayHit brute = BruteForceNearest(prepared, ray);
    if (brute.hit && !(brute.t > 0)) Fail("hit with t " + std::to_string(brute.t));
    for (const Octree& tree : trees)
      for (Traversal tr : {Traversal::kPaper, Traversal::kOrdered}) {
        const RayHit h = tree.Nearest(ray, tr);
        if ((brute.hit && Grazing(tris[brute.triangle], ray.direction)) ||
            (h.hit && Grazing(tris[h.triangle], ray.direction)))
          continue;  // numerically undecidable (extreme_values.h)
        if (h.hit != brute.hit || (h.hit && (h.t != brute.t || h.triangle != brute.triangle)))
          Fail("octree and brute force disagree");
      }
  }
}

}  // namespace
}  // namespace partlab::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace partlab;
  fuzz::FuzzInput in(data, size);
  std::vector<Triangle> tris(1 + in.Byte() % 24);
  for (Triangle& t : tris) {
    t.v0 = fuzz::ExtremeVec3(in);
    t.v1 = fuzz::ExtremeVec3(in);
    t.v2 = fuzz::ExtremeVec3(in);
  }
  std::vector<Ray> rays(1 + in.Byte() % 8);
  for (Ray& r : rays) {
    r.origin = fuzz::ExtremeVec3(in);
    r.direction = fuzz::ExtremeVec3(in);
  }
  fuzz::CheckQueries(tris, rays);
  const std::vector<Triangle> before = tris;
  const std::string why = FitTo100Cube(tris);
  fuzz::CheckFit(before, tris, why);
  // After fitting, rays from inside the cube: ordinary origins, extreme directions.
  for (Ray& r : rays) r.origin = glm::clamp(r.origin, glm::vec3(-60.0f), glm::vec3(60.0f));
  fuzz::CheckQueries(tris, rays);
  return 0;
}
