// Embree 3 (Intel's production ray tracing kernels, Debian's libembree-dev) as the outside
// yardstick for the octree bench: the same triangles, the same rays, rtcIntersect1 one ray at a
// time in one thread. Compiled to a stub whose available() is false when CMake does not find
// Embree.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/geometry/ray.h"
#include "engine/geometry/triangle.h"

namespace partlab::bench {

// What Embree 3 accepts, from its sources (common/math/vec3fa.h and common/ray.h, Embree
// 3.13): a vertex is valid only when every coordinate is strictly inside +-FLT_LARGE (1.844e18;
// a triangle with another vertex is silently left out of the scene), and a ray only when every
// component of its origin and direction is within +-FLT_LARGE (rtcIntersect1 refuses the ray
// with an error, or asserts in a debug build). Our checks run before Embree is called.
inline constexpr float kEmbreeLargest = 1.844e18f;

// "" when Embree can answer every ray, else one line naming the first it cannot:
// "ray 3: origin component 2e+18 is beyond the +-1.844e18 Embree accepts".
std::string EmbreeRefusesRays(std::span<const Ray> rays);

class EmbreeScene {
 public:
  // Builds a one-thread device and a scene of the triangles FindDefect accepts (as the octree).
  // When some such triangle has a vertex Embree would drop, no scene is built: available() is
  // false and refusal() says which triangle, so the bench skips Embree with that note instead of
  // comparing against a scene with triangles missing.
  explicit EmbreeScene(std::span<const Triangle> triangles);
  ~EmbreeScene();
  EmbreeScene(const EmbreeScene&) = delete;
  EmbreeScene& operator=(const EmbreeScene&) = delete;

  bool available() const { return available_; }
  const std::string& refusal() const { return refusal_; }  // "" unless the triangles were refused
  const std::string& version() const { return version_; }  // "3.13.5"
  double build_seconds() const { return build_seconds_; }  // rtcCommitScene, wall clock
  // rtcCommitScene in CPU time of the whole process (Embree may build on its own threads).
  double build_cpu_seconds() const { return build_cpu_seconds_; }
  // What Embree's device memory monitor (rtcSetDeviceMemoryMonitorFunction) counted: the bytes
  // held once the scene is committed (geometry buffers and BVH), and those rtcCommitScene added
  // (the BVH alone). The monitor reports every allocation and release the device makes.
  size_t memory_bytes() const { return memory_bytes_; }
  size_t bvh_bytes() const { return bvh_bytes_; }

  // Nearest hit per ray with t > 1e-6: t (+infinity for a miss) and the triangle's id. A ray
  // EmbreeRefusesRays would name is not handed to Embree and counts as a miss.
  void Intersect(std::span<const Ray> rays, std::vector<float>* t,
                 std::vector<uint32_t>* triangle) const;
  // The same answers on `threads` application threads calling rtcIntersect1 at once (Embree's
  // scenes may be queried from several threads), the rays taken in blocks from a shared counter
  // as the octree's parallel batch takes them (engine/parallel_blocks.h).
  void IntersectInParallel(std::span<const Ray> rays, std::vector<float>* t,
                           std::vector<uint32_t>* triangle, unsigned threads) const;

 private:
  // rtcIntersect1 on rays [begin, end), writing t[i] and triangle[i] for each.
  void IntersectRange(std::span<const Ray> rays, size_t begin, size_t end, float* t,
                      uint32_t* triangle) const;
  bool available_ = false;
  std::string refusal_;
  std::string version_;
  double build_seconds_ = 0.0, build_cpu_seconds_ = 0.0;
  size_t memory_bytes_ = 0, bvh_bytes_ = 0;
  std::atomic<int64_t> device_bytes_ = 0;  // running total from the memory monitor
  std::vector<uint32_t> ids_;              // Embree primitive index -> triangle id
  void* device_ = nullptr;                 // RTCDevice
  void* scene_ = nullptr;                  // RTCScene
  static bool CountBytes(void* self, ptrdiff_t bytes, bool post);
};

}  // namespace partlab::bench
