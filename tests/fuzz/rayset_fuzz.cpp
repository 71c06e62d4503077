// Fuzz target: RAYSET01 ray batches through ReadRaySet (the octree bench's exchange format).
// Property: one error line naming the file, or exactly the promised number of finite rays; then
// the octree answers every ray (raw float bits: any origin, any direction length) exactly as the
// brute force does on a fixed scene in the 100-unit cube.
#include <cmath>
#include <cstring>
#include <string>

#include "engine/io/rayset.h"
#include "engine/octree/brute_force_rays.h"
#include "engine/octree/octree.h"
#include "engine/octree/random_scenes.h"
#include "tests/fuzz/extreme_values.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace partlab;
  const std::string path = fuzz::WriteScratchFile(data, size, ".rays");
  LoadResult<std::vector<Ray>> rays = ReadRaySet(path);
  if (!rays.ok()) {
    const std::string& e = rays.error();
    if (e.rfind(path + ": ", 0) != 0 || e.find('\n') != std::string::npos)
      fuzz::Fail("error is not one line naming the file: " + e);
    return 0;
  }
  uint32_t count = 0;
  std::memcpy(&count, data + 8, 4);
  if (rays.value().size() != count) fuzz::Fail("ray count differs from the header");
  if (12 + size_t(count) * 24 != size) fuzz::Fail("rays do not account for the file's bytes");
  for (const Ray& r : rays.value())
    for (int a = 0; a < 3; ++a)
      if (!std::isfinite(r.origin[a]) || !std::isfinite(r.direction[a]))
        fuzz::Fail("non-finite ray");
  static const std::vector<Triangle> tris = MakeTriangleSoup(Affinity::kMedium, 200, 5);
  static const PreparedTriangles prepared(tris);
  static const Octree tree(tris, {});
  for (const Ray& r : rays.value()) {
    const RayHit brute = BruteForceNearest(prepared, r);
    for (Traversal tr : {Traversal::kPaper, Traversal::kOrdered}) {
      const RayHit h = tree.Nearest(r, tr);
      if ((brute.hit && fuzz::Grazing(tris[brute.triangle], r.direction)) ||
          (h.hit && fuzz::Grazing(tris[h.triangle], r.direction)))
        continue;  // numerically undecidable (extreme_values.h)
      if (h.hit != brute.hit || (h.hit && (h.t != brute.t || h.triangle != brute.triangle)))
        fuzz::Fail("octree and brute force disagree");
    }
  }
  return 0;
}
