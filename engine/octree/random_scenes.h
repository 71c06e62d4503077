// The paper's random test cases ("Fatores de estudo", "Caso-teste aleatório de baixa/média/alta
// afinidade") and its random rays ("um raio diferente em cada teste, de posição e direção
// aleatórias"), all inside the 100-unit cube [-50, 50]^3 that every case is fitted to. Seeded and
// platform-independent (our own float conversion from mt19937_64), shared by bench, tests and app.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/geometry/ray.h"
#include "engine/geometry/triangle.h"

namespace partlab {

enum class Affinity { kLow, kMedium, kHigh };
const char* AffinityName(Affinity a);  // "low" / "medium" / "high"

// Edge of the cube each triangle's vertices are drawn in: the whole 100 cube (low), a random
// 30-unit cube (medium), a random 5-unit cube (high), as in the paper.
float AffinityCubeEdge(Affinity a);

std::vector<Triangle> MakeTriangleSoup(Affinity affinity, size_t count, uint64_t seed);

// Origins uniform in the 100 cube, directions uniform on the unit sphere.
std::vector<Ray> MakeRandomRays(size_t count, uint64_t seed);

}  // namespace partlab
