// A ray structure from a shared library (include/partlab/plugin.h): built from triangles, asked for
// the nearest hit of one ray or a batch, each answer checked before it is used. A NaN or negative
// t is a broken promise: the ray counts as wrong (LastContractViolation) and is reported as a
// miss, never handed on as a distance.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/geometry/ray.h"
#include "engine/geometry/triangle.h"
#include "engine/io/load_result.h"
#include "partlab/plugin.h"

namespace partlab {

class PluginRayStructure {
 public:
  PluginRayStructure(const partlab_ray_structure_plugin& table, void* state);
  ~PluginRayStructure();
  PluginRayStructure(const PluginRayStructure&) = delete;
  PluginRayStructure& operator=(const PluginRayStructure&) = delete;

  std::string_view Name() const { return table_.name; }
  // "" or the plugin's refusal.
  std::string Build(std::span<const Triangle> triangles);
  // The nearest t > 1e-6 (HITS0001's convention), +infinity for a miss.
  float Intersect(const Ray& ray);
  // One t per ray into `t` (same size); the plugin's batch call when it has one.
  void IntersectBatch(std::span<const Ray> rays, std::span<float> t);
  size_t MemoryBytes() const { return table_.memory_bytes ? table_.memory_bytes(state_) : 0; }
  // "" or the first bad value since the last Build.
  const std::string& LastContractViolation() const { return violation_; }

 private:
  float Checked(float t, size_t ray);

  const partlab_ray_structure_plugin& table_;
  void* state_;
  std::string violation_;
  std::vector<float> rays_;  // a batch's rays as the ABI lays them out, reused
};

// Loads the ray-structure plugin at `path`, or one line naming the file.
LoadResult<std::unique_ptr<PluginRayStructure>> LoadRayStructurePlugin(const std::string& path);

// The checks LoadRayStructurePlugin makes on a table: "" or the problem.
std::string CheckRayStructureTable(const partlab_ray_structure_plugin* table);

}  // namespace partlab
