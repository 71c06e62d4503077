// HITS0001 (../shared/formats.md): the nearest hit per ray as float32 t (t > 1e-6, two-sided
// triangles, hit point = o + t·d), +infinity for a miss. What the octree bench writes for outside
// verification.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/io/load_result.h"

namespace partlab {

// Rejects a bad magic, a size that does not match the count, and NaN or -infinity
// ("hits.bin: ray 3: t is NaN"); +infinity is a miss.
LoadResult<std::vector<float>> ReadHits(const std::string& path);

// "" or "PATH: problem".
std::string WriteHits(const std::string& path, std::span<const float> t);

}  // namespace partlab
