#include "engine/plugins/ray_structure_plugin.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "engine/plugins/shared_library.h"
#include "engine/text/translatable.h"

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
  if (triangles.size() > UINT32_MAX) return FormatText(N_("%s: too many triangles"), table_.name);
  if (table_.build(state_, v.data(), uint32_t(triangles.size())) != 0)
    return FormatText(N_("%s: build refused the triangles"), table_.name);
  triangle_count_ = uint32_t(triangles.size());
  return "";
}

// A distance is +infinity (a miss) or a finite t > 0; anything else is the plugin's mistake.
float PluginRayStructure::Checked(float t, size_t ray) {
  if (t > 0.0f) return t;  // false for NaN
  bad_rays_.push_back(uint32_t(ray));
  if (violation_.empty())
    violation_ = std::isnan(t) ? FormatText(N_("%s: ray %zu: t is NaN"), table_.name, ray)
                               : FormatText(N_("%s: ray %zu: t is not positive (%g)"), table_.name,
                                            ray, double(t));
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

// One traced query's visits, on the caller's stack: where the boxes go (null: counted only) and
// what the plugin reported.
struct Visits {
  const std::function<void(const Aabb&)>* forward = nullptr;
  uint32_t counted = 0;
  bool bad = false;  // a null or non-finite box, or more than kMaxPluginVisits
};

// A node box from the plugin, counted and handed on only when it is a finite box, and only up to
// kMaxPluginVisits per query.
void OnVisited(void* ctx, const partlab_box* b) {
  auto* v = static_cast<Visits*>(ctx);
  if (!b || v->counted >= kMaxPluginVisits) {
    v->bad = true;
    return;
  }
  for (int k = 0; k < 3; ++k) {
    if (!std::isfinite(b->min[k]) || !std::isfinite(b->max[k])) {
      v->bad = true;
      return;
    }
  }
  ++v->counted;
  if (v->forward && *v->forward)
    (*v->forward)(Aabb{{b->min[0], b->min[1], b->min[2]}, {b->max[0], b->max[1], b->max[2]}});
}

// The plugin's raw answer and the checked one: a NaN or non-positive t, or a hit triangle past the
// count, becomes a bad miss.
struct TracedAnswer {
  float raw_t;
  uint32_t raw_triangle;
  PluginHit hit;
};

TracedAnswer TraceQuery(const partlab_ray_structure_plugin& table, const void* state,
                        uint32_t triangle_count, const Ray& ray, Visits& visits) {
  const float o[3] = {ray.origin.x, ray.origin.y, ray.origin.z};
  const float d[3] = {ray.direction.x, ray.direction.y, ray.direction.z};
  constexpr float kMiss = std::numeric_limits<float>::infinity();
  uint32_t triangle = UINT32_MAX;
  const float raw = table.intersect_traced
                        ? table.intersect_traced(state, o, d, &triangle, &OnVisited, &visits)
                        : table.intersect(state, o, d);
  if (std::isinf(raw) && raw > 0) return {raw, triangle, {kMiss, UINT32_MAX, false}};
  if (!(raw > 0.0f)) return {raw, triangle, {kMiss, UINT32_MAX, true}};
  if (!table.intersect_traced) return {raw, triangle, {raw, UINT32_MAX, false}};
  // A hit must name one of build's triangles.
  if (triangle >= triangle_count) return {raw, triangle, {kMiss, UINT32_MAX, true}};
  return {raw, triangle, {raw, triangle, false}};
}

}  // namespace

PluginHit PluginRayStructure::Traced(const Ray& ray,
                                     const std::function<void(const Aabb&)>& visited) {
  bad_rays_.clear();
  Visits visits;
  visits.forward = &visited;
  const TracedAnswer a = TraceQuery(table_, state_, triangle_count_, ray, visits);
  if (a.hit.bad && !(a.raw_t > 0.0f)) {
    Checked(a.raw_t, 0);
  } else if (a.hit.bad) {
    bad_rays_.push_back(0);
    if (violation_.empty())
      violation_ = FormatText(N_("%s: hit triangle %u of %u"), table_.name,
                              unsigned(a.raw_triangle), unsigned(triangle_count_));
  }
  if (visits.bad && violation_.empty())
    violation_ =
        FormatText(N_("%s: a visited node box that is null or not finite, or more than %zu"),
                   table_.name, size_t(kMaxPluginVisits));
  return a.hit;
}

PluginTraceCount PluginRayStructure::CountTraced(const Ray& ray) const {
  Visits visits;
  const TracedAnswer a = TraceQuery(table_, state_, triangle_count_, ray, visits);
  return {a.hit, visits.counted, visits.bad};
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
  if (!t) return LookUpText(N_("the entry point returned no table"));
  if (std::string abi = CheckAbi(t->abi_version, t->struct_size, sizeof(*t), t->name); !abi.empty())
    return abi;
  // The members' names are the C ABI's (partlab/plugin.h): they stay as written.
  const std::pair<const char*, bool> required[] = {{"create", t->create != nullptr},
                                                   {"destroy", t->destroy != nullptr},
                                                   {"build", t->build != nullptr},
                                                   {"intersect", t->intersect != nullptr}};
  for (const auto& [member, set] : required)
    if (!set) return FormatText(N_("plugin '%s': required function '%s' is null"), t->name, member);
  if (t->param_count > 0 && !t->get_param)
    return FormatText(N_("plugin '%s': declares parameters but has no get_param"), t->name);
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
  if (bad.empty() && !state) bad = LookUpText(N_("create returned null"));
  if (!bad.empty()) {
    CloseSharedLibrary(lib.value());
    return Result::Fail(path + ": " + bad);
  }
  // The library stays loaded for the life of the process (shared_library.h).
  return Result::Ok(std::make_unique<PluginRayStructure>(*table, state));
}

}  // namespace partlab
