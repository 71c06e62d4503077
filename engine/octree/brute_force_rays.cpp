#include "engine/octree/brute_force_rays.h"

#include <algorithm>

#include "engine/geometry/ray_scale.h"

namespace partlab {
namespace {
// Returns false (and counts) a ray the queries cannot answer.
bool Admit(const Ray& ray, QueryStats* stats) {
  if (IsUsableRay(ray)) return true;
  if (stats) ++stats->rays_skipped;
  return false;
}
void Count(QueryStats* stats, size_t tests, bool hit) {
  if (!stats) return;
  ++stats->rays;
  stats->triangle_tests += tests;
  stats->hits += hit;
}
// A prepared ray that needs no triangle test: it misses the triangles' box (counted as a ray) or
// its origin is too far to bring to them (counted as skipped), as the octree does.
bool Unanswered(const ScaledQuery& q, QueryStats* stats) {
  if (q.refused) {
    if (stats) ++stats->rays_skipped;
    return true;
  }
  if (q.misses) Count(stats, 0, false);
  return q.misses;
}
}  // namespace

RayHit BruteForceNearest(const PreparedTriangles& tris, const Ray& ray,
                         const RayTriangleOptions& opt, QueryStats* stats) {
  RayHit best;
  if (!Admit(ray, stats)) return best;
  const ScaledQuery q = PrepareQuery(ray, opt, tris.bounds());
  if (Unanswered(q, stats)) return best;
  RayTriangleHit h;
  // Ascending ids with a strict "<": the first of equal t's, i.e. the lowest id, stays.
  for (const PackedTriangle& p : tris.packed()) {
    if (IntersectMollerTrumbore(q.ray.origin, q.ray.direction, p.v0, p.e1, p.e2, q.opt, &h) &&
        h.t < best.t)
      best = {true, h.t, p.id, h.u, h.v};
  }
  if (best.hit) best.t = q.OriginalT(best.t);
  Count(stats, tris.packed().size(), best.hit);
  return best;
}

bool BruteForceAnyHit(const PreparedTriangles& tris, const Ray& ray, const RayTriangleOptions& opt,
                      QueryStats* stats) {
  if (!Admit(ray, stats)) return false;
  const ScaledQuery q = PrepareQuery(ray, opt, tris.bounds());
  if (Unanswered(q, stats)) return false;
  RayTriangleHit h;
  size_t tests = 0;
  for (const PackedTriangle& p : tris.packed()) {
    ++tests;
    if (IntersectMollerTrumbore(q.ray.origin, q.ray.direction, p.v0, p.e1, p.e2, q.opt, &h)) {
      Count(stats, tests, true);
      return true;
    }
  }
  Count(stats, tests, false);
  return false;
}

void BruteForceAllHits(const PreparedTriangles& tris, const Ray& ray, std::vector<RayHit>* out,
                       const RayTriangleOptions& opt, QueryStats* stats) {
  out->clear();
  if (!Admit(ray, stats)) return;
  const ScaledQuery q = PrepareQuery(ray, opt, tris.bounds());
  if (Unanswered(q, stats)) return;
  RayTriangleHit h;
  for (const PackedTriangle& p : tris.packed())
    if (IntersectMollerTrumbore(q.ray.origin, q.ray.direction, p.v0, p.e1, p.e2, q.opt, &h))
      out->push_back({true, q.OriginalT(h.t), p.id, h.u, h.v});
  std::sort(out->begin(), out->end(), [](const RayHit& a, const RayHit& b) {
    return a.t < b.t || (a.t == b.t && a.triangle < b.triangle);
  });
  Count(stats, tris.packed().size(), !out->empty());
}

}  // namespace partlab
