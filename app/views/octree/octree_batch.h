// The octree view's batch of random rays, the paper's experiment (2.1 Parâmetros da avaliação):
// 10,000 rays of random origin and direction answered by brute force and by both traversals,
// compared ray by ray. A component of the view: it holds its own state, parameters
// (octree_params.h), panel section, results table and drawing; the rays run on a worker
// (octree_jobs.h).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "app/panels/clamped_widgets.h"
#include "app/views/octree/octree_jobs.h"
#include "app/views/octree/octree_params.h"
#include "engine/debug_draw.h"

namespace partlab::octree_view {

class RandomRayBatch {
 public:
  // The persisted parameters, each beside its row (the view's settings file walks them).
  template <class Visit>
  void VisitSettings(Visit&& visit) {
    visit(octree_params::kDrawBatchRays, draw_rays_);
    visit(octree_params::kBatchSeed, seed_);
  }
  // The brute force costs N tests per ray: on the dragon all 10,000 rays take a minute or more.
  void FitBruteRays(size_t triangles) {
    if (triangles > 50000) brute_rays_ = 1000;
  }

  // 10,000 rays from the seed (or the rays of a RAYSET01 file, UseRays), on the worker.
  void Start(const std::shared_ptr<const Octree>& tree, const Aabb& bounds);
  // A lesson's batch: `rays` rays of `seed`, `brute_rays` of them by brute force too, waited for
  // (the answers are the same on every run; only the timings vary). "" or what went wrong.
  std::string RunAndWait(const std::shared_ptr<const Octree>& tree, const Aabb& bounds, size_t rays,
                         int seed, size_t brute_rays, bool headless);
  // Collects a finished batch (headless: waits for it, and prints the first result).
  void Finish(const Octree& tree, bool headless);
  void Reset() {  // a new tree: the answers belong to the old one
    job_.Stop();
    job_.Clear();
  }
  void Print(const Octree& tree) const;  // headless runs say what the screenshot shows

  void Gui(const std::shared_ptr<const Octree>& tree, const Aabb& bounds, ClampNote& note);
  void ResultsTable(const Octree& tree, const std::vector<float>& triangles_per_depth) const;
  void DrawRays(const Aabb& bounds, DebugDraw& draw) const;
  void ShowRays(int count) {  // a lesson's batch-rays-drawn
    rays_drawn_ = count;
    draw_rays_ = true;
  }

  // Rays read from a file (--rays-in) replace the random ones; `file` names them in the panel.
  void UseRays(std::vector<Ray> rays, std::string file) {
    file_rays_ = std::move(rays);
    rays_file_ = std::move(file);
  }
  // Counts the results collected, so a component checking them knows a new one came.
  size_t generation() const { return generation_; }

  int seed() const { return seed_; }
  bool HasResult() const { return job_.HasResult(); }
  const RayBatch& result() const { return job_.result(); }
  bool Running() const { return job_.Running(); }
  void Stop() { job_.Stop(); }

 private:
  std::vector<Ray> Rays(const Aabb& bounds, size_t count, int seed) const;
  void Collect();

  BatchJob job_;
  size_t generation_ = 0;
  std::vector<Ray> file_rays_;
  std::string rays_file_;
  bool draw_rays_ = octree_params::kDrawBatchRays.fallback;
  int rays_drawn_ = octree_params::kRaysDrawn.fallback;
  int seed_ = octree_params::kBatchSeed.fallback;
  int brute_rays_ = octree_params::kBruteRays.fallback;  // lowered for big models (FitBruteRays)
};

}  // namespace partlab::octree_view
