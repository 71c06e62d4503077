// The octree view's slow work on a worker thread, so the UI keeps drawing on the 202k-triangle
// dragon: the paper's 10,000-ray batch and the per-pixel cost heatmap. Each job holds its own
// shared_ptr to the (immutable) octree, so the view may rebuild meanwhile; the worker writes only
// its own buffers, handed to the UI thread after join (Collect), never read while written.
#pragma once

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "engine/octree/octree.h"
#include "engine/octree/octree_cost_image.h"
#include "engine/octree/octree_ray_batch.h"
#include "engine/plugins/plugin_cost_image.h"
#include "engine/view/orbit_camera.h"

namespace partlab {

// What a heatmap image was traced for; a different key means the image is out of date.
struct HeatmapKey {
  OrbitCamera camera;
  glm::vec2 framebuffer{0.0f};
  int width = 0, height = 0;  // traced rays per row and column
  const Octree* tree = nullptr;
  // The ray-structure plugin traced beside the octree (null: none) and its build's number.
  const PluginRayStructure* plugin = nullptr;
  uint64_t plugin_build = 0;
  bool operator==(const HeatmapKey& o) const;
};

// A worker thread that runs one function with a cancel flag and a progress fraction.
class Worker {
 public:
  ~Worker() { Stop(); }
  bool Running() const { return running_; }
  float Progress() const { return progress_.load(std::memory_order_relaxed); }
  void Stop();  // asks the worker to stop early and waits for it
  void Wait();  // waits for the worker to finish
  bool Finished() const { return running_ && finished_.load(std::memory_order_acquire); }
  // Joins a finished worker; true when it completed (was not cancelled).
  bool Join();

 protected:
  template <class F>
  void Launch(F&& work) {
    Stop();
    cancel_ = false;
    finished_ = false;
    progress_ = 0.0f;
    running_ = true;
    thread_ = std::thread([this, work = std::forward<F>(work)]() mutable {
      work();
      finished_.store(true, std::memory_order_release);
    });
  }
  std::atomic<bool> cancel_{false};
  std::atomic<float> progress_{0.0f};

 private:
  std::thread thread_;
  std::atomic<bool> finished_{false};
  bool running_ = false;  // touched by the UI thread only
};

class BatchJob : public Worker {
 public:
  ~BatchJob() { Stop(); }  // before the buffers the worker writes are destroyed
  void Start(std::shared_ptr<const Octree> tree, std::vector<Ray> rays, size_t brute_rays);
  // Takes a finished run's result.
  void Collect();
  bool HasResult() const { return has_result_; }
  const RayBatch& result() const { return shown_; }
  void Clear() { has_result_ = false; }

 private:
  std::shared_ptr<const Octree> tree_;
  RayBatch work_, shown_;
  bool has_result_ = false;
};

// The octree's costs and, when key.plugin is set, the plugin's, slice by slice on one worker. The
// plugin is only queried there (PluginRayStructure::CountTraced); whoever builds it again or
// destroys it stops the job first (Cancel).
class HeatmapJob : public Worker {
 public:
  ~HeatmapJob() { Stop(); }
  void Start(std::shared_ptr<const Octree> tree, const HeatmapKey& key);
  // Stops a running trace and forgets what it was for, so the next Start is not skipped.
  void Cancel() {
    Stop();
    requested_ = {};
  }
  // True when a finished run's image became image() (its key becomes shown_key()).
  bool Collect();
  const HeatmapKey& requested() const { return requested_; }
  const HeatmapKey& shown_key() const { return shown_key_; }
  const CostImage& image() const { return shown_; }
  const PluginCostImage& plugin_image() const { return plugin_shown_; }  // empty without a plugin

 private:
  std::shared_ptr<const Octree> tree_;
  HeatmapKey requested_, shown_key_;
  CostImage work_, shown_;
  PluginCostImage plugin_work_, plugin_shown_;
};

}  // namespace partlab
