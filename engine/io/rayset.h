// RAYSET01 (../shared/formats.md): a batch of rays, so the octree bench's rays can be exchanged
// with outside tools. 8-byte magic, uint32 count, then count × 6 float32 (origin, direction).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/geometry/ray.h"
#include "engine/io/load_result.h"

namespace partlab {

// Rejects a bad magic, a size that does not match the count (truncated or trailing bytes), and any
// NaN or infinite component, naming the ray: "rays.bin: ray 12: non-finite direction".
LoadResult<std::vector<Ray>> ReadRaySet(const std::string& path);

// "" or "PATH: problem".
std::string WriteRaySet(const std::string& path, std::span<const Ray> rays);

}  // namespace partlab
