// The unit shapes the instanced body renderer scales, turns and places: GL-free, so their
// winding and the flat cube's provoking vertices are tested without a context. Vertices are
// interleaved (position xyz, normal xyz); triangles wind counter-clockwise seen from outside.
#pragma once

#include <cstdint>
#include <vector>

namespace partlab {

// Unit cube [-1, 1]^3 with flat normals: 24 vertices (4 per face), 36 indices.
void UnitCube(std::vector<float>& v, std::vector<uint32_t>& idx);

// Unit cube for flat shading from per-vertex lighting: 8 corners, 36 indices, each face's two
// triangles ending on a corner of its own that carries the face's normal (GL's provoking vertex).
void UnitCubeCorners(std::vector<float>& v, std::vector<uint32_t>& idx);

// Unit sphere of `slices` x `stacks`, poles as single vertices, caps as fans.
void UnitSphere(int slices, int stacks, std::vector<float>& v, std::vector<uint32_t>& idx);

}  // namespace partlab
