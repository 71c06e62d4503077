// The octree view's cost heatmap: one ray per traced pixel from the camera, each coloured by what
// its nearest-hit query cost (cells visited or Möller-Trumbore tests, the two measures of 3.1
// Resultados) under the paper's traversal, the ordered one, or both side by side on one scale.
// A component of the view: it holds its own state, parameters (octree_params.h), panel section,
// drawing and legend; the tracing runs on a worker (octree_jobs.h).
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
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

  // Re-traces when the camera, the viewport, the fraction or the tree changed; a finished image
  // is coloured and uploaded once (headless: traced at once).
  void Update(const RenderContext& ctx, const std::shared_ptr<const Octree>& tree, bool headless);
  // Draws the image (and the split's divider); false when there is none to draw.
  bool Draw(const RenderContext& ctx, DebugDraw& draw) const;
  void Gui();                                      // the panel section's widgets
  void LegendRows(float pad) const;                // the legend's ramp and its numbers
  void SplitLabels(const FigureArea& area) const;  // which half is which, above the legend

  bool on() const { return on_; }
  bool HasImage() const { return on_ && quad_->has_image(); }
  bool Split() const { return HeatmapShown(shown_) == HeatmapShown::kSplit; }
  bool Running() const { return job_.Running(); }
  void Stop() { job_.Stop(); }
  const std::string& error() const { return quad_->error(); }

 private:
  void Colourise(bool headless);

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
};

}  // namespace partlab::octree_view
