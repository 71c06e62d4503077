// The octree view's cost heatmap (octree_heatmap.h): tracing, colouring, drawing, panel, legend.
#include "app/views/octree/octree_heatmap.h"
#include "app/i18n/translate.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/panels/clamped_widgets.h"
#include "app/panels/figure_area.h"
#include "app/panels/legend.h"
#include "app/panels/tooltip.h"

namespace partlab::octree_view {

void CostHeatmap::ApplyPreset(const std::string& p) {
  on_ = true;
  fraction_ = 2;
  if (p == "heatmap-paper") shown_ = int(HeatmapShown::kPaper);
  if (p == "heatmap-ordered") shown_ = int(HeatmapShown::kOrdered);
  if (p == "heatmap-nodes") metric_ = int(CostMetric::kNodesVisited);
  if (p == "heatmap-log") log_ = true;
}

void CostHeatmap::Update(const RenderContext& ctx, const std::shared_ptr<const Octree>& tree,
                         const HeatmapPlugin& plugin, bool headless) {
  const PluginCost was = plugin_cost_;
  plugin_cost_ = !plugin.plugin                ? PluginCost::kNone
                 : !plugin.plugin->HasTraced() ? PluginCost::kNoCallback
                 : !plugin.built               ? PluginCost::kNotBuilt
                                               : PluginCost::kTraced;
  plugin_name_ = plugin.plugin ? plugin.plugin->Name() : std::string_view();
  if (PluginUntraceable()) {  // no cost to show: the panel says why (PluginLineFormat)
    if (headless && was != plugin_cost_) {
      std::printf("partlab: octree heatmap: ");
      std::printf(PluginLineFormat(), int(plugin_name_.size()), plugin_name_.data());
      std::printf("\n");
    }
    return;
  }
  const int f = kFractions[fraction_];
  HeatmapKey key{ctx.camera, ctx.framebuffer_size, std::max(1, int(ctx.framebuffer_size.x) / f),
                 std::max(1, int(ctx.framebuffer_size.y) / f), tree.get()};
  if (plugin_cost_ == PluginCost::kTraced) {
    key.plugin = plugin.plugin;
    key.plugin_build = plugin.build;
  }
  // A running trace is left to finish (cancelling would make the UI thread wait for its slice);
  // the next frame starts one for the camera as it is then.
  if (!(key == job_.requested()) && !job_.Running()) job_.Start(tree, key);
  if (headless) job_.Wait();
  if (job_.Collect()) {
    key_ = job_.shown_key();
    shown_plugin_ = key_.plugin != nullptr;
    shown_name_ = plugin_name_;
    recolour_ = true;
  }
  if (recolour_) Colourise(headless);
}

// One colour per traced pixel on a (linear or log) scale shared by both traversals, so the two
// halves of the split view compare directly.
void CostHeatmap::Colourise(bool headless) {
  recolour_ = false;
  const CostImage& image = job_.image();
  if (image.width == 0) return;
  if (shown_plugin_) return ColourisePlugin(headless);
  const CostMetric metric = CostMetric(metric_);
  max_ = image.Max(metric);
  const auto& paper = image.Plane(Traversal::kPaper, metric);
  const auto& ordered = image.Plane(Traversal::kOrdered, metric);
  double sums[2] = {0, 0};
  rgba_.resize(paper.size());
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const size_t i = size_t(y) * image.width + x;
      sums[0] += paper[i];
      sums[1] += ordered[i];
      const HeatmapShown shown = HeatmapShown(shown_);
      const bool left = 2 * x < image.width;
      const bool use_paper =
          shown == HeatmapShown::kPaper || (shown == HeatmapShown::kSplit && left);
      const uint32_t cost = use_paper ? paper[i] : ordered[i];
      const float t = log_ ? CostRampPosition(cost, max_) : float(cost) / float(std::max(max_, 1u));
      rgba_[i] = PackRgba(CostRampColor(t));
    }
  }
  for (int k = 0; k < 2; ++k) mean_[k] = paper.empty() ? 0.0 : sums[k] / paper.size();
  quad_->Upload(image.width, image.height, rgba_);
  if (headless)
    std::printf("partlab: octree heatmap %dx%d rays: mean %s paper %.2f, ordered %.2f (max %u)\n",
                image.width, image.height, metric == CostMetric::kNodesVisited ? "cells" : "tests",
                mean_[0], mean_[1], max_);
}

// The plugin's nodes per ray over the whole image, on the same ramp; the octree's means are still
// computed (for the metric chosen) so the panel compares the two.
void CostHeatmap::ColourisePlugin(bool headless) {
  const PluginCostImage& image = job_.plugin_image();
  const CostImage& octree = job_.image();
  const CostMetric metric = CostMetric(metric_);
  max_ = image.Max();
  double sums[3] = {0, 0, 0};
  rgba_.resize(image.nodes.size());
  for (size_t i = 0; i < image.nodes.size(); ++i) {
    const uint32_t cost = image.nodes[i];
    sums[0] += octree.Plane(Traversal::kPaper, metric)[i];
    sums[1] += octree.Plane(Traversal::kOrdered, metric)[i];
    sums[2] += cost;
    const float t = log_ ? CostRampPosition(cost, max_) : float(cost) / float(std::max(max_, 1u));
    rgba_[i] = PackRgba(CostRampColor(t));
  }
  const double n = double(std::max<size_t>(image.nodes.size(), 1));
  mean_[0] = sums[0] / n;
  mean_[1] = sums[1] / n;
  plugin_mean_ = sums[2] / n;
  plugin_bad_ = image.BadRays();
  quad_->Upload(image.width, image.height, rgba_);
  if (headless)
    std::printf(
        "partlab: octree heatmap plugin %.*s: %dx%d rays: mean nodes %.2f (max %u), %zu "
        "bad rays\n",
        int(shown_name_.size()), shown_name_.data(), image.width, image.height, plugin_mean_, max_,
        plugin_bad_);
}

// In English: stdout keeps it so for scripts; the panel shows _(PluginLineFormat()).
const char* CostHeatmap::PluginLineFormat() const {
  return plugin_cost_ == PluginCost::kNoCallback
             ? N_("%.*s has no intersect_traced: no heatmap for it")
             : N_("%.*s is not built: no heatmap for it");
}

bool CostHeatmap::Draw(const RenderContext& ctx, DebugDraw& draw) const {
  if (!HasImage()) return false;
  quad_->Draw(1.0f);
  if (Split()) {
    // The divider between the paper (left) and ordered (right) halves, on the image plane.
    const PickRay top =
        ctx.camera.RayThroughPixel({ctx.framebuffer_size.x * 0.5f, 0.0f}, ctx.framebuffer_size);
    const PickRay bottom = ctx.camera.RayThroughPixel(
        {ctx.framebuffer_size.x * 0.5f, ctx.framebuffer_size.y}, ctx.framebuffer_size);
    const float d = ctx.camera.NearPlane() * 1.5f;
    draw.Line(top.origin + d * top.dir, bottom.origin + d * bottom.dir, {1, 1, 1, 0.9f});
  }
  return true;
}

void CostHeatmap::Gui() {
  ImGui::Checkbox(_("Show heatmap"), &on_);
  Tip(
      _("One ray per pixel from the camera, coloured by its cost: where the octree saves work and "
        "where it does not (the costs of 3.1 Resultados, per pixel)."));
  const char* metrics[] = {_("Cells visited"), _("Triangles tested")};
  recolour_ |= ParamCombo(octree_params::kHeatmapMetric, &metric_, metrics);
  const char* shown[] = {_("Paper traversal"), _("Ordered traversal"), _("Split: paper | ordered")};
  ImGui::BeginDisabled(plugin_cost_ != PluginCost::kNone);  // a plugin's cost has one picture
  recolour_ |= ParamCombo(octree_params::kHeatmapShown, &shown_, shown);
  ImGui::EndDisabled();
  recolour_ |= ImGui::Checkbox(_("Log scale"), &log_);
  Tip(
      _("Colour by log(1 + cost) instead of cost (the costs of 3.1 Resultados): shows the cheap "
        "rays' differences, while the "
        "linear scale shows where the expensive rays are."));
  const char* fractions[] = {"1/1", "1/2", "1/4", "1/8", "1/16"};
  ImGui::Combo(_(octree_params::kHeatmapFraction.label), &fraction_, fractions, 5);
  Tip(_(octree_params::kHeatmapFraction.tip));
  if (job_.Running()) ImGui::ProgressBar(job_.Progress(), ImVec2(-1, 0), _("tracing"));
  if (on_ && PluginUntraceable()) {
    ImGui::TextWrapped(_(PluginLineFormat()), int(plugin_name_.size()), plugin_name_.data());
    return;
  }
  if (on_ && key_.width > 0)
    ImGui::Text(_("%dx%d rays; mean %s: paper %.1f, ordered %.1f"), key_.width, key_.height,
                metric_ == 0 ? _("cells") : _("tests"), mean_[0], mean_[1]);
  if (on_ && shown_plugin_) {
    ImGui::Text(_("Shown: %.*s, mean nodes visited %.1f"), int(shown_name_.size()),
                shown_name_.data(), plugin_mean_);
    Tip(
        _("The nodes the plugin's intersect_traced reports entering per ray, beside the octree's "
          "cells visited (nós navegados, 3.1 Resultados). Choose \"octree only\" to see the "
          "octree's cost."));
    if (plugin_bad_ > 0)
      ImGui::TextColored({1, 0.45f, 0.4f, 1}, _("%zu rays: a bad answer or node box"), plugin_bad_);
  }
}

void CostHeatmap::SplitLabels(const FigureArea& area) const {
  // Which half is which, just above the legend, behind every window.
  const float pad = area.font_pixels;
  ImDrawList* bg = ImGui::GetBackgroundDrawList();
  const float y = area.max.y - pad * 7.5f;
  const float cx = 0.5f * (area.min.x + area.max.x);
  const char* left = _("paper traversal  <");
  const char* right = _(">  ordered traversal");
  const ImU32 white = IM_COL32(255, 255, 255, 235);
  ImFont* font = FigureFont(area);
  const float left_width = FigureTextSize(font, pad, left).x;
  bg->AddText(font, pad, ImVec2(cx - left_width - pad * 0.4f, y), white, left);
  bg->AddText(font, pad, ImVec2(cx + pad * 0.4f, y), white, right);
}

void CostHeatmap::LegendRows(float pad) const {
  if (shown_plugin_)
    ImGui::Text(_("Nodes visited by %.*s per ray (%s scale)"), int(shown_name_.size()),
                shown_name_.data(), log_ ? _("log") : _("linear"));
  else
    ImGui::Text(_("%s per ray (%s scale)"),
                metric_ == 0 ? _("Cells visited") : _("Triangles tested"),
                log_ ? _("log") : _("linear"));
  const float w = pad * 16;
  LegendRamp(CostRampColor, w, pad * 0.9f);
  const uint32_t mid =
      log_ ? uint32_t(std::lround(std::expm1(0.5 * std::log1p(double(max_))))) : max_ / 2;
  ImGui::Text("0");
  ImGui::SameLine(w * 0.5f - pad * 0.5f);
  ImGui::Text("%u", mid);
  ImGui::SameLine(w - pad * 1.5f);
  ImGui::Text("%u", max_);
}

}  // namespace partlab::octree_view
