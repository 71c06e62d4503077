#include "engine/plugins/ray_structure_plugin.h"

#include <algorithm>
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
  triangle_count_ = 0;
  std::vector<float> v;
  v.reserve(triangles.size() * 9);
  for (const Triangle& t : triangles)
    for (const glm::vec3& p : {t.v0, t.v1, t.v2}) v.insert(v.end(), {p.x, p.y, p.z});
  if (triangles.size() > UINT32_MAX) return std::string(table_.name) + ": too many triangles";
  if (table_.build(state_, v.data(), uint32_t(triangles.size())) != 0)
    return std::string(table_.name) + ": build refused the triangles";
  triangle_count_ = uint32_t(triangles.size());
  return "";
}

// A distance is +infinity (a miss) or a finite t > 0; anything else is the plugin's mistake.
float PluginRayStructure::Checked(float t, size_t ray) {
  if (t > 0.0f) return t;  // false for NaN
  bad_rays_.push_back(uint32_t(ray));
  if (violation_.empty())
    violation_ = std::string(table_.name) + ": ray " + std::to_string(ray) + ": t is " +
                 (std::isnan(t) ? "NaN" : "not positive (" + std::to_string(t) + ")");
  return std::numeric_limits<float>::infinity();
}

float PluginRayStructure::Intersect(const Ray& ray) {
  const float o[3] = {ray.origin.x, ray.origin.y, ray.origin.z};
  const float d[3] = {ray.direction.x, ray.direction.y, ray.direction.z};
  bad_rays_.clear();
  return Checked(table_.intersect(state_, o, d), 0);
}

void PluginRayStructure::IntersectBatch(std::span<const Ray> rays, std::span<float> t) {
  bad_rays_.clear();
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

namespace {

struct VisitContext {
  const std::function<void(const Aabb&)>* visited;
};

// A node box from the plugin, handed on only when it is a finite box.
void OnVisited(void* ctx, const partlab_box* b) {
  const auto* c = static_cast<VisitContext*>(ctx);
  if (!b || !*c->visited) return;
  for (int k = 0; k < 3; ++k)
    if (!std::isfinite(b->min[k]) || !std::isfinite(b->max[k])) return;
  (*c->visited)(Aabb{{b->min[0], b->min[1], b->min[2]}, {b->max[0], b->max[1], b->max[2]}});
}

}  // namespace

PluginHit PluginRayStructure::Traced(const Ray& ray,
                                     const std::function<void(const Aabb&)>& visited) {
  const float o[3] = {ray.origin.x, ray.origin.y, ray.origin.z};
  const float d[3] = {ray.direction.x, ray.direction.y, ray.direction.z};
  constexpr float kMiss = std::numeric_limits<float>::infinity();
  bad_rays_.clear();
  if (!table_.intersect_traced) {
    const size_t bad = bad_rays_.size();
    const float t = Checked(table_.intersect(state_, o, d), 0);
    return {t, UINT32_MAX, bad_rays_.size() != bad};
  }
  uint32_t triangle = UINT32_MAX;
  VisitContext ctx{&visited};
  const float raw = table_.intersect_traced(state_, o, d, &triangle, &OnVisited, &ctx);
  if (std::isinf(raw) && raw > 0) return {kMiss, UINT32_MAX, false};
  if (!(raw > 0.0f)) {
    Checked(raw, 0);
    return {kMiss, UINT32_MAX, true};
  }
  if (triangle >= triangle_count_) {  // a hit must name one of build's triangles
    if (violation_.empty())
      violation_ = std::string(table_.name) + ": hit triangle " + std::to_string(triangle) +
                   " of " + std::to_string(triangle_count_);
    return {kMiss, UINT32_MAX, true};
  }
  return {raw, triangle, false};
}

uint32_t PluginRayStructure::ParamCount() const {
  return table_.get_param ? table_.param_count : 0;
}

bool PluginRayStructure::GetParam(uint32_t i, partlab_param& out) const {
  out = {};
  if (i >= ParamCount() || table_.get_param(state_, i, &out) != 0) return false;
  return out.name && std::isfinite(out.value) && std::isfinite(out.lo) && std::isfinite(out.hi) &&
         out.lo <= out.value && out.value <= out.hi;
}

bool PluginRayStructure::SetParam(uint32_t i, double value) {
  partlab_param p{};
  if (!table_.set_param || !GetParam(i, p) || std::isnan(value)) return false;
  return table_.set_param(state_, i, std::clamp(value, p.lo, p.hi)) == 0;
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
  if (t->param_count > 0 && !t->get_param) return who + "declares parameters but has no get_param";
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
