// The unit shapes the instanced body renderer scales, turns and places: GL-free, so their
// winding and the flat cube's provoking vertices are tested without a context. Vertices are
// interleaved (position xyz, normal xyz); triangles wind counter-clockwise seen from outside.
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <iterator>
#include <vector>

namespace partlab {

// Unit cube [-1, 1]^3 with flat normals: 24 vertices (4 per face), 36 indices.
void UnitCube(std::vector<float>& v, std::vector<uint32_t>& idx);

// Unit cube for flat shading from per-vertex lighting: 8 corners, 36 indices, each face's two
// triangles ending on a corner of its own that carries the face's normal (GL's provoking vertex).
void UnitCubeCorners(std::vector<float>& v, std::vector<uint32_t>& idx);

// Unit sphere of `slices` x `stacks`, poles as single vertices, caps as fans.
void UnitSphere(int slices, int stacks, std::vector<float>& v, std::vector<uint32_t>& idx);

// Spheres come in levels of detail, finest first, picked by the radius they cover on screen:
// 10 x 6 (100 triangles) reads as round up close; 6 x 4 (36) is enough below 6 pixels of radius;
// 4 x 2, an octahedron (8 triangles, 6 vertices), below 3 pixels, where most bodies of a full
// scene seen whole are (a 0.3 m sphere 120 m away covers about 2 pixels of radius at 720 rows).
struct SphereDetail {
  int slices, stacks;
  float min_radius_pixels;  // used from this on-screen radius up
};
inline constexpr SphereDetail kSphereDetails[] = {{10, 6, 6.0f}, {6, 4, 3.0f}, {4, 2, 0.0f}};
inline constexpr int kSphereDetailLevels = 3;
static_assert(std::size(kSphereDetails) == kSphereDetailLevels);

// The level (index into kSphereDetails) for a sphere covering `radius_pixels` on screen.
int SphereDetailLevel(float radius_pixels);

// Levels from this one on are drawn as impostors (shaders/sphere_impostor.*): one camera-facing
// quad per sphere shaded as a lit sphere, instead of a mesh. Under 6 pixels of radius a 6 x 4 mesh
// is 48 triangles for a few pixels, and llvmpipe pays per triangle and per 4 x 4 block.
inline constexpr int kFirstImpostorLevel = 1;

// Unit quad for the impostors: 4 vertices in the z = 0 plane, x and y in {-1, 1}, normal +z,
// two triangles counter-clockwise seen from +z (the eye, in camera coordinates).
void UnitQuad(std::vector<float>& v, std::vector<uint32_t>& idx);

// Where sphere_impostor.vert puts a sphere's quad, in camera coordinates (eye at the origin): at
// the sphere's front, the centre moved toward the eye by the radius, so a sphere resting on a box
// is not cut by the box's face; shrunk by (d - r) / d, so the disc seen from the eye covers what
// the sphere's silhouette would at distance d. The shader repeats these sums.
struct ImpostorQuad {
  glm::vec3 centre;
  float half_size;
};
ImpostorQuad PlaceImpostorQuad(const glm::vec3& centre, float radius);

}  // namespace partlab
