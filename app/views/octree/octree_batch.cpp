// The octree view's batch of random rays (octree_batch.h): running, panel, results, drawing.
#include "app/views/octree/octree_batch.h"
#include "app/i18n/translate.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <filesystem>
#include <glm/geometric.hpp>

#include "app/panels/tooltip.h"
#include "engine/octree/octree_ray_batch.h"

namespace partlab::octree_view {

std::vector<Ray> RandomRayBatch::Rays(const Aabb& bounds, size_t count, int seed) const {
  return file_rays_.empty() ? MakeBatchRays(bounds, count, uint64_t(seed)) : file_rays_;
}

void RandomRayBatch::Collect() {
  const bool finished = job_.Finished();
  job_.Collect();
  generation_ += finished && job_.HasResult();
}

void RandomRayBatch::Start(const std::shared_ptr<const Octree>& tree, const Aabb& bounds) {
  job_.Start(tree, Rays(bounds, 10000, seed_), size_t(brute_rays_));
}

std::string RandomRayBatch::RunAndWait(const std::shared_ptr<const Octree>& tree,
                                       const Aabb& bounds, size_t rays, int seed, size_t brute_rays,
                                       bool headless) {
  seed_ = seed;
  brute_rays_ = int(brute_rays);
  job_.Start(tree, Rays(bounds, rays, seed), brute_rays);
  job_.Wait();
  Collect();
  if (!job_.HasResult()) return _("the batch did not finish");
  if (headless) Print(*tree);
  return {};
}

void RandomRayBatch::Finish(const Octree& tree, bool headless) {
  if (headless) job_.Wait();
  const bool had_batch = job_.HasResult();
  Collect();
  if (headless && !had_batch && job_.HasResult()) Print(tree);
}

void RandomRayBatch::Print(const Octree& tree) const {
  const RayBatch& b = job_.result();
  const size_t n = tree.usable_triangle_count();
  std::printf(
      "partlab: octree batch: %zu rays, %zu triangles | on the first %zu: brute %.1f ms, paper "
      "%.1f ms (%.2fx), ordered %.1f ms (%.2fx) | all rays: paper %.1f ms, %.2f%% tested, "
      "ordered %.1f ms, %.2f%% tested | wrong %zu %zu\n",
      b.done, n, b.brute_rays, b.brute_seconds * 1e3, b.octree_seconds_on_brute_rays[0] * 1e3,
      b.Speedup(0), b.octree_seconds_on_brute_rays[1] * 1e3, b.Speedup(1),
      b.octree_seconds[0] * 1e3, 100.0 * b.octree[0].FractionTested(n), b.octree_seconds[1] * 1e3,
      100.0 * b.octree[1].FractionTested(n), b.mismatches[0], b.mismatches[1]);
}

void RandomRayBatch::Gui(const std::shared_ptr<const Octree>& tree, const Aabb& bounds,
                         ClampNote& note) {
  namespace op = octree_params;
  if (job_.Running()) {
    ImGui::ProgressBar(job_.Progress(), ImVec2(-1, 0), _("running on a worker thread"));
    if (ImGui::Button(_("Cancel"))) job_.Stop();
  } else if (ImGui::Button(_("Run batch"))) {
    Start(tree, bounds);
  }
  Tip(
      _("The paper's experiment (2.1 Parâmetros da avaliação): 10,000 rays of random origin and "
        "direction, brute force vs octree, both traversals, answers compared ray by ray."));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
  ParamInputInt(op::kBatchSeed, &seed_, note);
  if (!rays_file_.empty()) {  // --rays-in: the file's rays, not the seed's
    const std::string name = std::filesystem::path(rays_file_).filename().string();
    ImGui::TextDisabled(_("%zu rays of %s"), file_rays_.size(), name.c_str());
  }
  ParamSliderInt(op::kBruteRays, &brute_rays_, note, "%d", ImGuiSliderFlags_Logarithmic);
  ImGui::Checkbox(_("Draw rays"), &draw_rays_);
  Tip(
      _("The batch's rays (2.1 Parâmetros da avaliação) as thin lines, to the hit or across the "
        "scene when they miss; hits as red points."));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  ParamSliderInt(op::kRaysDrawn, &rays_drawn_, note, _("%d drawn"), ImGuiSliderFlags_Logarithmic);
}

void RandomRayBatch::ResultsTable(const Octree& tree,
                                  const std::vector<float>& triangles_per_depth) const {
  const RayBatch& b = job_.result();
  const size_t n = tree.usable_triangle_count();
  ImGui::Text(_("%zu random rays (%zu also by brute force), %zu triangles, %llu hits"), b.done,
              b.brute_rays, n, (unsigned long long)b.octree[1].hits);
  if (!ImGui::BeginTable("batch", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit))
    return;
  for (const char* h : {_("batch"), _("brute force"), _("octree paper"), _("octree ordered")})
    ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  // Times on the rays every method answered, so the columns compare like with like.
  const double seconds[3] = {b.brute_seconds, b.octree_seconds_on_brute_rays[0],
                             b.octree_seconds_on_brute_rays[1]};
  const QueryStats* stats[3] = {&b.brute, &b.octree[0], &b.octree[1]};
  auto row = [](const char* name, auto cell) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(name);
    for (int m = 0; m < 3; ++m) {
      ImGui::TableNextColumn();
      cell(m);
    }
  };
  row(_("time"), [&](int m) {
    ImGui::Text("%.1f ms", seconds[m] * 1e3);  // untranslated: unit symbol
  });
  row(_("speedup"),
      [&](int m) { ImGui::Text("%.2fx", seconds[m] > 0 ? seconds[0] / seconds[m] : 0); });
  row(_("tested"), [&](int m) { ImGui::Text("%.2f %%", 100.0 * stats[m]->FractionTested(n)); });
  row(_("cells/ray"), [&](int m) {
    if (m == 0)
      ImGui::TextUnformatted("-");  // the brute force visits no cells
    else
      ImGui::Text("%.1f", stats[m]->rays ? double(stats[m]->nodes_visited) / stats[m]->rays : 0.0);
  });
  row(_("wrong"), [&](int m) { ImGui::Text("%zu", m == 0 ? size_t(0) : b.mismatches[m - 1]); });
  ImGui::EndTable();
  ImGui::TextDisabled(_("times on the %zu brute-force rays; octree on all %zu: %.1f / %.1f ms"),
                      b.brute_rays, b.done, b.octree_seconds[0] * 1e3, b.octree_seconds[1] * 1e3);
  // Where the tested triangles live: the paper reads its speedups off this histogram (3.1).
  ImGui::PlotHistogram("##batchdepth", triangles_per_depth.data(), int(triangles_per_depth.size()),
                       0, _("triangles per depth (1 .. max)"), 0.0f, FLT_MAX,
                       ImVec2(ImGui::GetFontSize() * 22, ImGui::GetFontSize() * 3.5f));
}

void RandomRayBatch::DrawRays(const Aabb& bounds, DebugDraw& draw) const {
  if (!draw_rays_) return;
  if (!job_.HasResult()) return;
  const RayBatch& batch = job_.result();
  const float length = 1.5f * glm::length(bounds.Extent());
  const size_t n = std::min(size_t(rays_drawn_), batch.done);
  for (size_t i = 0; i < n; ++i) {
    const RayHit& hit = batch.octree_hits[1][i];
    const Ray& r = batch.rays[i];
    if (hit.hit) {
      draw.Line(r.origin, r.At(hit.t), {0.55f, 0.85f, 1.0f, 0.35f});
      draw.Point(r.At(hit.t), 4.0f, {1.0f, 0.25f, 0.2f, 1.0f});
    } else {
      draw.Line(r.origin, r.At(length), {0.7f, 0.7f, 0.8f, 0.07f});
    }
  }
}

}  // namespace partlab::octree_view
