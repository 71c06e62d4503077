// The octree view's ray-structure plugin (octree_plugin_rays.h): choosing, building, checking,
// the panel section and the drawing of the rays it gets wrong.
#include "app/views/octree/octree_plugin_rays.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>

#include "app/i18n/translate.h"
#include "app/panels/plugin_param_rows.h"
#include "app/panels/tooltip.h"
#include "engine/octree/prepared_triangles.h"
#include "engine/plugins/ray_structure_registry.h"

namespace partlab::octree_view {
namespace {

constexpr size_t kRowsListed = 12;  // wrong rays listed in the panel
constexpr size_t kRaysDrawn = 500;  // wrong rays drawn (the count says how many there are)
const Color kWrongRay{1.0f, 0.12f, 0.10f, 1.0f};
const Color kTrueHit{0.25f, 1.0f, 0.35f, 1.0f};
const Color kPluginHit{1.0f, 0.6f, 0.1f, 1.0f};
const Color kPluginNode{0.95f, 0.55f, 0.95f, 0.7f};

// "t 12.5" or "miss": a distance as the panel and the log show it.
std::string Distance(float t) {
  return std::isfinite(t) ? Formatted("%.4g", double(t)) : std::string(_("miss"));
}

}  // namespace

PluginRays::PluginRays() : names_(RayStructurePluginNames()) {
  if (!names_.empty()) Choose(names_.back());
}

const std::string& PluginRays::Name() const {
  static const std::string none;
  return chosen_ > 0 ? names_[size_t(chosen_ - 1)] : none;
}

bool PluginRays::Choose(const std::string& name) {
  if (before_change_) before_change_();
  Clear();
  built_ = false;
  error_.clear();
  if (name.empty()) {
    chosen_ = 0;
    plugin_.reset();
    return true;
  }
  for (size_t i = 0; i < names_.size(); ++i) {
    if (names_[i] != name) continue;
    chosen_ = int(i + 1);
    plugin_ = MakeRayStructurePlugin(name);
    if (!plugin_) error_ = Formatted(_("%s: create returned null"), name.c_str());
    return plugin_ != nullptr;
  }
  return false;
}

void PluginRays::Build(std::span<const Triangle> triangles) {
  if (before_change_) before_change_();
  Clear();
  if (!plugin_) return;
  error_ = plugin_->Build(triangles);
  built_ = error_.empty();
  ++builds_;
}

std::string PluginRays::SetParam(const std::string& name, double value,
                                 std::span<const Triangle> triangles) {
  if (!plugin_) return _("no ray-structure plugin is chosen");
  for (uint32_t i = 0; i < plugin_->ParamCount(); ++i) {
    partlab_param p{};
    if (!plugin_->GetParam(i, p) || name != p.name) continue;
    if (before_change_) before_change_();
    if (!plugin_->SetParam(i, value)) return Formatted(_("the plugin refused %s"), name.c_str());
    Build(triangles);
    return "";
  }
  return Formatted(_("the plugin has no parameter '%s'"), name.c_str());
}

void PluginRays::CheckBatch(const Octree& tree, std::span<const Triangle> triangles,
                            std::span<const Ray> rays, bool headless) {
  if (!plugin_ || !error_.empty()) return;
  const PreparedTriangles prepared(triangles);
  check_ = CheckRayPlugin(*plugin_, tree, prepared, rays);
  rays_.assign(rays.begin(), rays.end());
  if (!check_.violation.empty()) error_ = check_.violation;
  if (headless) Print();
}

void PluginRays::Probe(const Ray& ray, float truth_t) {
  if (!plugin_ || !error_.empty()) return;
  probe_ray_ = ray;
  probe_truth_t_ = truth_t;
  probe_nodes_.clear();
  probe_hit_ = plugin_->Traced(ray, [this](const Aabb& box) {
    if (probe_nodes_.size() < 100000) probe_nodes_.push_back(box);  // a runaway plugin stops here
  });
  has_probe_ = true;
}

// One line for scripts and the tests: the count, then the first wrong rays' indices.
void PluginRays::Print() const {
  std::printf("partlab: octree plugin check: %s: %zu of %zu rays wrong", Name().c_str(),
              check_.wrong.size(), check_.rays);
  for (size_t i = 0; i < check_.wrong.size() && i < 20; ++i)
    std::printf("%s%u", i == 0 ? "; first: " : " ", check_.wrong[i].ray);
  if (!check_.violation.empty()) std::printf("; %s", check_.violation.c_str());
  std::printf("\n");
  std::fflush(stdout);
}

bool PluginRays::Gui(std::span<const Triangle> triangles, ClampNote& note, size_t* clicked) {
  if (names_.empty()) {
    ImGui::TextDisabled("%s", _("No ray-structure plugin loaded (partlab --plugin PATH)."));
    return false;
  }
  std::string items = std::string(_("octree only")) + '\0';
  for (const std::string& n : names_) items += n + '\0';
  int chosen = chosen_;
  if (ImGui::Combo(_("Ray structure"), &chosen, items.c_str()) && chosen != chosen_) {
    Choose(chosen == 0 ? "" : names_[size_t(chosen - 1)]);
    Build(triangles);
  }
  Tip(
      _("A ray structure from a plugin, built on the same triangles; the batch's rays and the "
        "probe's ray are checked against the octree and, where they differ, brute force (1.1 "
        "Detecção de colisão)."));
  if (!plugin_) return false;
  const PluginParams params{
      plugin_->ParamCount(),
      [this](uint32_t i, partlab_param& p) { return plugin_->GetParam(i, p); },
      [this](uint32_t i, double v) {
        if (before_change_) before_change_();
        return plugin_->SetParam(i, v);
      }};
  if (PluginParamRows(params, note)) {
    Build(triangles);
  }
  if (!error_.empty()) ImGui::TextColored({1, 0.45f, 0.4f, 1}, "%s", error_.c_str());
  if (check_.rays == 0) {
    ImGui::TextDisabled("%s", _("Run the batch to check the plugin's answers."));
    return false;
  }
  if (check_.wrong.empty()) {
    ImGui::Text(_("All %zu rays right (%.1f ms)"), check_.rays, check_.plugin_seconds * 1e3);
    return false;
  }
  ImGui::TextColored({1, 0.4f, 0.35f, 1}, _("%zu of %zu rays wrong"), check_.wrong.size(),
                     check_.rays);
  Tip(
      _("Where the plugin's nearest hit differs from brute force's: drawn red from the origin "
        "to the true hit (green), the plugin's hit orange. Click one to aim the probe along it."));
  bool any = false;
  for (size_t i = 0; i < check_.wrong.size() && i < kRowsListed; ++i) {
    const WrongRay& w = check_.wrong[i];
    const Ray& r = rays_[w.ray];
    // A broken promise (NaN, t <= 0, a triangle past the count) has no distance to show.
    const std::string row =
        (w.broken_promise ? Formatted(_("ray %u: want %s, got a bad value"), w.ray,
                                      Distance(w.expected_t).c_str())
                          : Formatted(_("ray %u: want %s, got %s"), w.ray,
                                      Distance(w.expected_t).c_str(), Distance(w.got_t).c_str())) +
        "##wrong" + std::to_string(i);
    if (ImGui::Selectable(row.c_str())) {
      *clicked = w.ray;
      any = true;
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(_("origin (%.4g, %.4g, %.4g)\ndirection (%.4g, %.4g, %.4g)"), r.origin.x,
                        r.origin.y, r.origin.z, r.direction.x, r.direction.y, r.direction.z);
  }
  if (check_.wrong.size() > kRowsListed)
    ImGui::TextDisabled(_("... and %zu more"), check_.wrong.size() - kRowsListed);
  return any;
}

void PluginRays::ProbeRows() const {
  if (!has_probe_) return;
  const bool right = SameDistance(probe_hit_.t, probe_truth_t_) && !probe_hit_.bad;
  const ImVec4 colour = right ? ImVec4(0.6f, 1, 0.6f, 1) : ImVec4(1, 0.4f, 0.35f, 1);
  ImGui::TextColored(colour, _("%s: %s (octree %s), %zu nodes visited"), Name().c_str(),
                     Distance(probe_hit_.t).c_str(), Distance(probe_truth_t_).c_str(),
                     probe_nodes_.size());
}

// Each wrong ray from its origin to the true hit, or across the scene when brute force misses.
void PluginRays::Draw(const Aabb& bounds, DebugDraw& draw) const {
  const float across = 2.0f * glm::length(bounds.Extent());
  for (size_t i = 0; i < check_.wrong.size() && i < kRaysDrawn; ++i) {
    const WrongRay& w = check_.wrong[i];
    const Ray& r = rays_[w.ray];
    const float scale = 1.0f / std::max(glm::length(r.direction), 1e-30f);
    const float end = std::isfinite(w.expected_t) ? w.expected_t : across * scale;
    draw.Line(r.origin, r.At(end), kWrongRay);
    if (std::isfinite(w.expected_t)) draw.Point(r.At(w.expected_t), 9.0f, kTrueHit);
    if (std::isfinite(w.got_t)) draw.Point(r.At(w.got_t), 9.0f, kPluginHit);
  }
}

// The nodes the plugin visited for the probe's ray (its intersect_traced), and its hit.
void PluginRays::DrawProbe(DebugDraw& draw) const {
  if (!has_probe_) return;
  for (const Aabb& box : probe_nodes_) draw.BoxEdges(box, kPluginNode);
  if (std::isfinite(probe_hit_.t)) draw.Point(probe_ray_.At(probe_hit_.t), 9.0f, kPluginHit);
}

}  // namespace partlab::octree_view
