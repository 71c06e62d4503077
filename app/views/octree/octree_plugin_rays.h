// A ray-structure plugin (include/partlab/plugin.h, loaded with partlab --plugin) beside the
// octree: built on the same triangles, asked the batch's rays and the probe's ray, and checked
// ray by ray (engine/plugins/ray_plugin_check.h): an answer agreeing with the octree's stands,
// a disagreement goes to brute force, the paper's "algoritmo básico" (1.1 Detecção de colisão).
// The rays it gets wrong are drawn red from their origin to the true hit (green point), with the
// plugin's answer as an orange point, listed in the panel, and one click aims the probe along one.
// A component of the octree view, like the batch (octree_batch.h) and the probe.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/panels/clamped_widgets.h"
#include "app/views/octree/octree_heatmap.h"
#include "engine/debug_draw.h"
#include "engine/octree/octree.h"
#include "engine/plugins/ray_plugin_check.h"
#include "engine/plugins/ray_structure_plugin.h"

namespace partlab::octree_view {

class PluginRays {
 public:
  PluginRays();  // the last ray structure loaded is chosen, if any was
  bool Available() const { return !names_.empty(); }
  bool Active() const { return plugin_ != nullptr; }
  const std::string& Name() const;

  // Called before the plugin is built again, has a parameter set or is destroyed: the view stops
  // the heatmap's worker, which queries the plugin (plugin.h: never a build beside a query).
  void SetBeforeChange(std::function<void()> f) { before_change_ = std::move(f); }
  // The chosen plugin as the cost heatmap traces it (plugin null: the octree alone).
  HeatmapPlugin ForHeatmap() const { return {plugin_.get(), builds_, built_}; }

  // Chooses the plugin by name ("" for the octree alone); false for an unknown name.
  bool Choose(const std::string& name);
  // Builds the plugin on the scene's triangles (a new octree or a changed parameter).
  void Build(std::span<const Triangle> triangles);
  // Sets parameter `name` (clamped to the plugin's range) and builds again: the panel's path.
  std::string SetParam(const std::string& name, double value, std::span<const Triangle> triangles);

  // Checks the plugin on `rays` (a finished batch) against the octree and brute force.
  void CheckBatch(const Octree& tree, std::span<const Triangle> triangles,
                  std::span<const Ray> rays, bool headless);
  // The probe's ray through the plugin: its hit, and the nodes it visited if it reports them;
  // `truth_t` is the octree's answer (equal to brute force's, tests/octree).
  void Probe(const Ray& ray, float truth_t);
  void Clear() {
    check_ = {};
    rays_.clear();
    has_probe_ = false;
    answered_batch_ = answered_shot_ = 0;  // the plugin is asked again
  }
  // Whether the batch of this generation, or the probe's shot of this count, is new to the
  // plugin (each is answered once); true marks it answered.
  bool NewBatch(size_t generation) {
    return std::exchange(answered_batch_, generation) != generation;
  }
  bool NewShot(size_t shots) { return std::exchange(answered_shot_, shots) != shots; }

  // The panel section; true when the user clicked a wrong ray (its index in `clicked`).
  bool Gui(std::span<const Triangle> triangles, ClampNote& note, size_t* clicked);
  void ProbeRows() const;  // the probe's answer in the results table
  void Draw(const Aabb& bounds, DebugDraw& draw) const;
  void DrawProbe(DebugDraw& draw) const;
  void Print() const;  // the headless one-line report

  const RayPluginCheck& check() const { return check_; }
  bool has_probe() const { return has_probe_; }
  const PluginHit& probe_hit() const { return probe_hit_; }
  const std::vector<Ray>& checked_rays() const { return rays_; }
  const std::string& error() const { return error_; }

 private:
  std::vector<std::string> names_;
  int chosen_ = 0;  // 0: octree only, i: names_[i - 1]
  std::unique_ptr<PluginRayStructure> plugin_;
  std::string error_;  // a refused build, a broken promise
  std::function<void()> before_change_;
  uint64_t builds_ = 0;  // counts builds, so the heatmap traces a new one again
  bool built_ = false;   // the last build succeeded
  RayPluginCheck check_;
  std::vector<Ray> rays_;  // the rays check_ is about
  // The probe's ray as the plugin answered it.
  bool has_probe_ = false;
  Ray probe_ray_;
  PluginHit probe_hit_{};
  float probe_truth_t_ = 0.0f;
  std::vector<Aabb> probe_nodes_;                  // reused from ray to ray
  size_t answered_batch_ = 0, answered_shot_ = 0;  // the batch generation and probe shot asked
};

}  // namespace partlab::octree_view
