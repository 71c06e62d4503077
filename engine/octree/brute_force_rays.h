// The reference every octree answer is checked against: the paper's "algoritmo básico" — every ray
// against every triangle — with the corrected Möller–Trumbore test.
#pragma once

#include <vector>

#include "engine/geometry/moller_trumbore.h"
#include "engine/octree/prepared_triangles.h"
#include "engine/octree/ray_query.h"

namespace partlab {

RayHit BruteForceNearest(const PreparedTriangles& tris, const Ray& ray,
                         const RayTriangleOptions& opt = {}, QueryStats* stats = nullptr);
bool BruteForceAnyHit(const PreparedTriangles& tris, const Ray& ray,
                      const RayTriangleOptions& opt = {}, QueryStats* stats = nullptr);
// Every hit, sorted by (t, triangle id); each triangle once.
void BruteForceAllHits(const PreparedTriangles& tris, const Ray& ray, std::vector<RayHit>* out,
                       const RayTriangleOptions& opt = {}, QueryStats* stats = nullptr);

}  // namespace partlab
