// Embree 3 (Intel's production ray tracing kernels, Debian's libembree-dev) as the outside
// yardstick for the octree bench: the same triangles, the same rays, rtcIntersect1 one ray at a
// time in one thread. Compiled to a stub whose available() is false when CMake does not find
// Embree.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/geometry/ray.h"
#include "engine/geometry/triangle.h"

namespace partlab::bench {

class EmbreeScene {
 public:
  // Builds a one-thread device and a scene of the triangles FindDefect accepts (as the octree).
  explicit EmbreeScene(std::span<const Triangle> triangles);
  ~EmbreeScene();
  EmbreeScene(const EmbreeScene&) = delete;
  EmbreeScene& operator=(const EmbreeScene&) = delete;

  bool available() const { return available_; }
  const std::string& version() const { return version_; }  // "3.13.5"
  double build_seconds() const { return build_seconds_; }  // rtcCommitScene

  // Nearest hit per ray with t > 1e-6: t (+infinity for a miss) and the triangle's id.
  void Intersect(std::span<const Ray> rays, std::vector<float>* t,
                 std::vector<uint32_t>* triangle) const;

 private:
  bool available_ = false;
  std::string version_;
  double build_seconds_ = 0.0;
  std::vector<uint32_t> ids_;  // Embree primitive index -> triangle id
  void* device_ = nullptr;     // RTCDevice
  void* scene_ = nullptr;      // RTCScene
};

}  // namespace partlab::bench
