#include "bench/embree_rays.h"

#include "bench/bench_stats.h"
#include "engine/parallel_blocks.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string_view>

#ifdef PARTLAB_HAVE_EMBREE
#include <embree3/rtcore.h>
#endif

namespace partlab::bench {

namespace {
[[maybe_unused]] bool WithinEmbree(const glm::vec3& v) {
  return std::fabs(v.x) <= kEmbreeLargest && std::fabs(v.y) <= kEmbreeLargest &&
         std::fabs(v.z) <= kEmbreeLargest;
}
// Vertices need |x| < FLT_LARGE, strictly (vec3fa.h isvalid).
[[maybe_unused]] bool VertexWithinEmbree(const glm::vec3& v) {
  return std::fabs(v.x) < kEmbreeLargest && std::fabs(v.y) < kEmbreeLargest &&
         std::fabs(v.z) < kEmbreeLargest;
}
std::string Largest(const glm::vec3& v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g",
                double(std::fmax(std::fabs(v.x), std::fmax(std::fabs(v.y), std::fabs(v.z)))));
  return buf;
}
}  // namespace

std::string EmbreeRefusesRays(std::span<const Ray> rays) {
  for (size_t i = 0; i < rays.size(); ++i) {
    const char* part = !WithinEmbree(rays[i].origin)      ? "origin"
                       : !WithinEmbree(rays[i].direction) ? "direction"
                                                          : nullptr;
    if (part)
      return "ray " + std::to_string(i) + ": " + part + " component " +
             Largest(std::string_view(part) == "origin" ? rays[i].origin : rays[i].direction) +
             " is beyond the +-1.844e18 Embree accepts";
  }
  return {};
}

#ifndef PARTLAB_HAVE_EMBREE
EmbreeScene::EmbreeScene(std::span<const Triangle>) {}
EmbreeScene::~EmbreeScene() = default;
void EmbreeScene::Intersect(std::span<const Ray>, std::vector<float>*,
                            std::vector<uint32_t>*) const {}
void EmbreeScene::IntersectInParallel(std::span<const Ray>, std::vector<float>*,
                                      std::vector<uint32_t>*, unsigned) const {}
void EmbreeScene::IntersectRange(std::span<const Ray>, size_t, size_t, float*, uint32_t*) const {}
#else

EmbreeScene::EmbreeScene(std::span<const Triangle> triangles) {
  version_ = std::to_string(RTC_VERSION_MAJOR) + "." + std::to_string(RTC_VERSION_MINOR) + "." +
             std::to_string(RTC_VERSION_PATCH);
  for (uint32_t i = 0; i < triangles.size(); ++i) {
    const Triangle& t = triangles[i];
    if (FindDefect(t) != TriangleDefect::kNone) continue;
    for (const glm::vec3& v : {t.v0, t.v1, t.v2})
      if (!VertexWithinEmbree(v)) {
        refusal_ = "triangle " + std::to_string(i) + ": coordinate " + Largest(v) +
                   " is beyond the +-1.844e18 Embree keeps (it would drop the triangle)";
        return;
      }
    ids_.push_back(i);
  }
  available_ = true;

  RTCDevice device = rtcNewDevice("threads=1");  // one thread, like the octree
  rtcSetDeviceMemoryMonitorFunction(device, &EmbreeScene::CountBytes, this);
  RTCScene scene = rtcNewScene(device);
  RTCGeometry geom = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_TRIANGLE);
  auto* v = static_cast<float*>(rtcSetNewGeometryBuffer(
      geom, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3, 3 * sizeof(float), 3 * ids_.size()));
  auto* idx = static_cast<uint32_t*>(rtcSetNewGeometryBuffer(
      geom, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3, 3 * sizeof(uint32_t), ids_.size()));
  for (size_t k = 0; k < ids_.size(); ++k) {
    const Triangle& t = triangles[ids_[k]];
    const glm::vec3 corners[3] = {t.v0, t.v1, t.v2};
    for (int c = 0; c < 3; ++c) {
      for (int a = 0; a < 3; ++a) v[9 * k + 3 * c + a] = corners[c][a];
      idx[3 * k + c] = uint32_t(3 * k + c);
    }
  }
  rtcCommitGeometry(geom);
  rtcAttachGeometry(scene, geom);
  rtcReleaseGeometry(geom);
  const int64_t before_commit = device_bytes_;
  const double cpu_start = ProcessCpuSeconds();
  const auto start = std::chrono::steady_clock::now();
  rtcCommitScene(scene);
  build_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  build_cpu_seconds_ = ProcessCpuSeconds() - cpu_start;
  memory_bytes_ = size_t(std::max<int64_t>(0, device_bytes_));
  bvh_bytes_ = size_t(std::max<int64_t>(0, device_bytes_ - before_commit));
  device_ = device;
  scene_ = scene;
}

// The device's memory monitor: called before (post = false) each allocation with its size and
// after each release with minus its size; returning true lets the allocation proceed.
bool EmbreeScene::CountBytes(void* self, ptrdiff_t bytes, bool /*post*/) {
  static_cast<EmbreeScene*>(self)->device_bytes_ += bytes;
  return true;
}

EmbreeScene::~EmbreeScene() {
  if (scene_) rtcReleaseScene(static_cast<RTCScene>(scene_));
  if (device_) rtcReleaseDevice(static_cast<RTCDevice>(device_));
}

void EmbreeScene::Intersect(std::span<const Ray> rays, std::vector<float>* t,
                            std::vector<uint32_t>* triangle) const {
  t->assign(rays.size(), std::numeric_limits<float>::infinity());
  triangle->assign(rays.size(), UINT32_MAX);
  IntersectRange(rays, 0, rays.size(), t->data(), triangle->data());
}

void EmbreeScene::IntersectInParallel(std::span<const Ray> rays, std::vector<float>* t,
                                      std::vector<uint32_t>* triangle, unsigned threads) const {
  t->assign(rays.size(), std::numeric_limits<float>::infinity());
  triangle->assign(rays.size(), UINT32_MAX);
  constexpr size_t kBlockRays = 64;  // as NearestHitsInParallel's blocks
  ForEachBlockInParallel(rays.size(), kBlockRays, threads, [&](size_t begin, size_t end) {
    IntersectRange(rays, begin, end, t->data(), triangle->data());
  });
}

void EmbreeScene::IntersectRange(std::span<const Ray> rays, size_t begin, size_t end, float* t,
                                 uint32_t* triangle) const {
  RTCScene scene = static_cast<RTCScene>(scene_);
  RTCIntersectContext context;
  rtcInitIntersectContext(&context);
  for (size_t i = begin; i < end; ++i) {
    if (!WithinEmbree(rays[i].origin) || !WithinEmbree(rays[i].direction)) continue;
    RTCRayHit rh{};
    rh.ray.org_x = rays[i].origin.x;
    rh.ray.org_y = rays[i].origin.y;
    rh.ray.org_z = rays[i].origin.z;
    rh.ray.dir_x = rays[i].direction.x;
    rh.ray.dir_y = rays[i].direction.y;
    rh.ray.dir_z = rays[i].direction.z;
    rh.ray.tnear = kRayEpsilon;  // HITS0001: t > 1e-6
    rh.ray.tfar = std::numeric_limits<float>::infinity();
    rh.ray.mask = 0xFFFFFFFFu;
    rh.hit.geomID = RTC_INVALID_GEOMETRY_ID;
    rtcIntersect1(scene, &context, &rh);
    if (rh.hit.geomID != RTC_INVALID_GEOMETRY_ID) {
      t[i] = rh.ray.tfar;
      triangle[i] = ids_[rh.hit.primID];
    }
  }
}

#endif

}  // namespace partlab::bench
