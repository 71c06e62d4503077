// The octree view's cost heatmap: one ray per traced pixel from the camera, each coloured by what
// its nearest-hit query cost (cells visited or Möller-Trumbore tests, the two measures of 3.1
// Resultados) under the paper's traversal, the ordered one, or both side by side on one scale.
// With a ray-structure plugin chosen (octree_plugin_rays.h) it shows the plugin's cost instead:
// the nodes its intersect_traced reports entering per ray; a plugin without that callback gets
// one line saying so, not the octree's picture under its name.
// A component of the view: it holds its own state, parameters (octree_params.h), panel section,
// drawing and legend; the tracing runs on a worker (octree_jobs.h).
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/render/heatmap_quad.h"
#include "app/view.h"
#include "app/views/octree/octree_jobs.h"
#include "app/views/octree/octree_params.h"

namespace partlab::octree_view {

enum class HeatmapShown { kPaper, kOrdered, kSplit };
constexpr int kFractions[] = {1, 2, 4, 8, 16};  // the heatmap traces 1/f of the pixels per axis

// RGBA8 with red in the lowest byte, as the heatmap textures read it.
inline uint32_t PackRgba(const Color& c) {
  auto byte = [](float v) { return uint32_t(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
  return byte(c.r) | byte(c.g) << 8 | byte(c.b) << 16 | byte(c.a) << 24;
}

// The ray structure whose cost is shown: the octree's (plugin null) or a plugin's.
struct HeatmapPlugin {
  const PluginRayStructure* plugin = nullptr;
  uint64_t build = 0;  // its build's number: a new build is traced again
  bool built = false;  // its last build succeeded
};

class CostHeatmap {
 public:
  CostHeatmap() : quad_(std::make_unique<HeatmapQuad>()) {}

  // The persisted parameters, each beside its row (the view's settings file walks them).
  template <class Visit>
  void VisitSettings(Visit&& visit) {
    visit(octree_params::kHeatmapMetric, metric_);
    visit(octree_params::kHeatmapShown, shown_);
    visit(octree_params::kHeatmapFraction, fraction_);
    visit(octree_params::kHeatmapLog, log_);
  }
  // --preset heatmap[-paper|-ordered|-nodes|-log]: shown, a quarter of the pixels per axis.
  void ApplyPreset(const std::string& preset);

  // Re-traces when the camera, the viewport, the fraction, the tree or the plugin changed; a
  // finished image is coloured and uploaded once (headless: traced at once).
  void Update(const RenderContext& ctx, const std::shared_ptr<const Octree>& tree,
              const HeatmapPlugin& plugin, bool headless);
  // Draws the image (and the split's divider); false when there is none to draw.
  bool Draw(const RenderContext& ctx, DebugDraw& draw) const;
  void Gui();                                      // the panel section's widgets
  void LegendRows(float pad) const;                // the legend's ramp and its numbers
  void SplitLabels(const FigureArea& area) const;  // which half is which, above the legend

  bool on() const { return on_; }
  bool HasImage() const { return on_ && quad_->has_image() && !PluginUntraceable(); }
  bool Split() const { return HeatmapShown(shown_) == HeatmapShown::kSplit && !shown_plugin_; }
  bool Running() const { return job_.Running(); }
  void Stop() { job_.Stop(); }
  // Stops a trace before the plugin it queries is built again or destroyed; the next Update
  // starts afresh.
  void Cancel() { job_.Cancel(); }
  const std::string& error() const { return quad_->error(); }

 private:
  enum class PluginCost { kNone, kTraced, kNoCallback, kNotBuilt };
  void Colourise(bool headless);
  void ColourisePlugin(bool headless);
  const char* PluginLineFormat() const;  // why a chosen plugin has no heatmap (%.*s: its name)
  bool PluginUntraceable() const {
    return plugin_cost_ == PluginCost::kNoCallback || plugin_cost_ == PluginCost::kNotBuilt;
  }

  bool on_ = false;
  int metric_ = octree_params::kHeatmapMetric.fallback;      // CostMetric::kTrianglesTested
  int shown_ = octree_params::kHeatmapShown.fallback;        // HeatmapShown::kSplit
  int fraction_ = octree_params::kHeatmapFraction.fallback;  // 1/8: a quick first image
  bool log_ = octree_params::kHeatmapLog.fallback;
  HeatmapJob job_;
  HeatmapKey key_;  // what the shown image was traced for
  bool recolour_ = false;
  std::vector<uint32_t> rgba_;
  std::unique_ptr<HeatmapQuad> quad_;
  double mean_[2] = {0, 0};
  uint32_t max_ = 0;
  // The chosen plugin, and whether the shown image is its cost (the key it was traced for).
  PluginCost plugin_cost_ = PluginCost::kNone;
  std::string_view plugin_name_;  // the plugin table's static name
  bool shown_plugin_ = false;
  std::string_view shown_name_;
  double plugin_mean_ = 0;
  size_t plugin_bad_ = 0;
};

}  // namespace partlab::octree_view
