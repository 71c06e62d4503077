// A ray structure from a shared library (include/partlab/plugin.h): built from triangles, asked for
// the nearest hit of one ray or a batch, each answer checked before it is used. A NaN or negative
// t, or a hit triangle index past the triangle count, is a broken promise: the ray counts as wrong
// (BadRays, LastContractViolation) and is reported as a miss, never handed on as a distance.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/geometry/aabb.h"
#include "engine/geometry/ray.h"
#include "engine/geometry/triangle.h"
#include "engine/io/load_result.h"
#include "partlab/plugin.h"

namespace partlab {

// One ray's answer from intersect_traced: t (+infinity for a miss) and the hit triangle's index
// (UINT32_MAX on a miss); `bad` when the plugin broke the contract on it.
struct PluginHit {
  float t;
  uint32_t triangle;
  bool bad;
};

// The most node visits one traced query may report: a plugin past it is looping or lying, and the
// visits after it are neither counted nor drawn.
constexpr uint32_t kMaxPluginVisits = 1u << 20;

// One ray's cost as the plugin reports it through intersect_traced: the node boxes it entered.
// `bad_visits` when it reported a null or non-finite box (not counted) or more than
// kMaxPluginVisits of them.
struct PluginTraceCount {
  PluginHit hit;
  uint32_t nodes;
  bool bad_visits;
};

class PluginRayStructure {
 public:
  PluginRayStructure(const partlab_ray_structure_plugin& table, void* state);
  ~PluginRayStructure();
  PluginRayStructure(const PluginRayStructure&) = delete;
  PluginRayStructure& operator=(const PluginRayStructure&) = delete;

  std::string_view Name() const { return table_.name; }
  const partlab_ray_structure_plugin& table() const { return table_; }
  // "" or the plugin's refusal.
  std::string Build(std::span<const Triangle> triangles);
  // The nearest t > 1e-6 (HITS0001's convention), +infinity for a miss.
  float Intersect(const Ray& ray);
  // One t per ray into `t` (same size); the plugin's batch call when it has one.
  void IntersectBatch(std::span<const Ray> rays, std::span<float> t);
  size_t MemoryBytes() const { return table_.memory_bytes ? table_.memory_bytes(state_) : 0; }
  // "" or the first bad value since the last Build.
  const std::string& LastContractViolation() const { return violation_; }
  // The rays of the last call (Intersect, IntersectBatch, Traced) whose answer broke the contract,
  // ascending.
  std::span<const uint32_t> BadRays() const { return bad_rays_; }

  // intersect_traced (optional): the hit triangle too, and each node box the query enters passed
  // to `visited` (finite boxes only). Without it: intersect's t, triangle UINT32_MAX, no boxes.
  bool HasTraced() const { return table_.intersect_traced != nullptr; }
  PluginHit Traced(const Ray& ray, const std::function<void(const Aabb&)>& visited = {});
  // The same query, counting the nodes instead of handing them on, and reentrant: it changes
  // nothing in the wrapper (the count lives on the caller's stack), so worker threads may call it
  // at once, and beside the other queries, as plugin.h allows; never beside Build or SetParam.
  // Without intersect_traced: intersect's answer, 0 nodes.
  PluginTraceCount CountTraced(const Ray& ray) const;

  // The plugin's parameters (none when it exposes none), for the panel's rows. A parameter whose
  // name is missing or whose numbers are not finite with lo <= value <= hi is not shown.
  uint32_t ParamCount() const;
  bool GetParam(uint32_t i, partlab_param& out) const;
  // Clamps `value` into [lo, hi] and sets it; false when refused. Build again afterwards.
  bool SetParam(uint32_t i, double value);

 private:
  float Checked(float t, size_t ray);

  const partlab_ray_structure_plugin& table_;
  void* state_;
  uint32_t triangle_count_ = 0;
  std::string violation_;
  std::vector<float> rays_;  // a batch's rays as the ABI lays them out, reused
  std::vector<uint32_t> bad_rays_;
};

// Loads the ray-structure plugin at `path`, or one line naming the file.
LoadResult<std::unique_ptr<PluginRayStructure>> LoadRayStructurePlugin(const std::string& path);

// The checks LoadRayStructurePlugin makes on a table: "" or the problem.
std::string CheckRayStructureTable(const partlab_ray_structure_plugin* table);

}  // namespace partlab
