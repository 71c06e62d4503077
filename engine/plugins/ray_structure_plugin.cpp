#include "engine/plugins/ray_structure_plugin.h"

#include <cmath>
#include <limits>
#include <vector>

#include "engine/plugins/shared_library.h"

namespace partlab {

PluginRayStructure::PluginRayStructure(const partlab_ray_structure_plugin& table, void* state)
    : table_(table), state_(state) {}

PluginRayStructure::~PluginRayStructure() {
  table_.destroy(state_);
}

std::string PluginRayStructure::Build(std::span<const Triangle> triangles) {
  violation_.clear();
  std::vector<float> v;
  v.reserve(triangles.size() * 9);
  for (const Triangle& t : triangles)
    for (const glm::vec3& p : {t.v0, t.v1, t.v2}) v.insert(v.end(), {p.x, p.y, p.z});
  if (triangles.size() > UINT32_MAX) return std::string(table_.name) + ": too many triangles";
  if (table_.build(state_, v.data(), uint32_t(triangles.size())) != 0)
    return std::string(table_.name) + ": build refused the triangles";
  return "";
}

// A distance is +infinity (a miss) or a finite t > 0; anything else is the plugin's mistake.
float PluginRayStructure::Checked(float t, size_t ray) {
  if (t > 0.0f) return t;  // false for NaN
  if (violation_.empty())
    violation_ = std::string(table_.name) + ": ray " + std::to_string(ray) + ": t is " +
                 (std::isnan(t) ? "NaN" : "not positive (" + std::to_string(t) + ")");
  return std::numeric_limits<float>::infinity();
}

float PluginRayStructure::Intersect(const Ray& ray) {
  const float o[3] = {ray.origin.x, ray.origin.y, ray.origin.z};
  const float d[3] = {ray.direction.x, ray.direction.y, ray.direction.z};
  return Checked(table_.intersect(state_, o, d), 0);
}

void PluginRayStructure::IntersectBatch(std::span<const Ray> rays, std::span<float> t) {
  if (!table_.intersect_batch) {
    for (size_t i = 0; i < rays.size(); ++i) {
      const Ray& r = rays[i];
      const float o[3] = {r.origin.x, r.origin.y, r.origin.z};
      const float d[3] = {r.direction.x, r.direction.y, r.direction.z};
      t[i] = Checked(table_.intersect(state_, o, d), i);
    }
    return;
  }
  rays_.clear();
  for (const Ray& r : rays)
    rays_.insert(rays_.end(),
                 {r.origin.x, r.origin.y, r.origin.z, r.direction.x, r.direction.y, r.direction.z});
  table_.intersect_batch(state_, rays_.data(), uint32_t(rays.size()), t.data());
  for (size_t i = 0; i < rays.size(); ++i) t[i] = Checked(t[i], i);
}

std::string CheckRayStructureTable(const partlab_ray_structure_plugin* t) {
  if (!t) return "the entry point returned no table";
  if (std::string abi = CheckAbi(t->abi_version, t->struct_size, sizeof(*t), t->name); !abi.empty())
    return abi;
  const std::string who = std::string("plugin '") + t->name + "': ";
  const std::pair<const char*, bool> required[] = {{"create", t->create != nullptr},
                                                   {"destroy", t->destroy != nullptr},
                                                   {"build", t->build != nullptr},
                                                   {"intersect", t->intersect != nullptr}};
  for (const auto& [member, set] : required)
    if (!set) return who + "required function '" + member + "' is null";
  return "";
}

LoadResult<std::unique_ptr<PluginRayStructure>> LoadRayStructurePlugin(const std::string& path) {
  using Result = LoadResult<std::unique_ptr<PluginRayStructure>>;
  auto lib = OpenSharedLibrary(path);
  if (!lib) return Result::Fail(lib.error());
  auto entry = FindSymbol(lib.value(), PARTLAB_RAY_STRUCTURE_ENTRY);
  if (!entry) {
    CloseSharedLibrary(lib.value());
    return Result::Fail(entry.error());
  }
  const auto get_table = reinterpret_cast<partlab_ray_structure_entry_fn>(entry.value());
  const partlab_ray_structure_plugin* table = get_table();
  std::string bad = CheckRayStructureTable(table);
  void* state = bad.empty() ? table->create() : nullptr;
  if (bad.empty() && !state) bad = "create returned null";
  if (!bad.empty()) {
    CloseSharedLibrary(lib.value());
    return Result::Fail(path + ": " + bad);
  }
  // The library stays loaded for the life of the process (shared_library.h).
  return Result::Ok(std::make_unique<PluginRayStructure>(*table, state));
}

}  // namespace partlab
