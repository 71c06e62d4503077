#include "app/views/octree/octree_jobs.h"

#include <algorithm>
#include <utility>

namespace partlab {

bool HeatmapKey::operator==(const HeatmapKey& o) const {
  const OrbitCamera &a = camera, &b = o.camera;
  return a.target == b.target && a.distance == b.distance && a.yaw == b.yaw && a.pitch == b.pitch &&
         a.fov_y == b.fov_y && framebuffer == o.framebuffer && width == o.width &&
         height == o.height && tree == o.tree && plugin == o.plugin &&
         plugin_build == o.plugin_build;
}

void Worker::Stop() {
  running_ = false;
  if (!thread_.joinable()) return;
  cancel_ = true;
  thread_.join();
}

void Worker::Wait() {
  if (thread_.joinable()) thread_.join();
}

bool Worker::Join() {
  if (!running_) return false;
  if (thread_.joinable()) thread_.join();
  running_ = false;
  return !cancel_.load();
}

// Slices of 100 rays: progress and cancellation every few milliseconds even for the brute force
// on the dragon (100 rays x 202k triangles), and the three methods timed over the same slices.
void BatchJob::Start(std::shared_ptr<const Octree> tree, std::vector<Ray> rays, size_t brute_rays) {
  Stop();
  tree_ = std::move(tree);
  work_.Reset(std::move(rays), brute_rays);
  Launch([this] {
    const PreparedTriangles triangles(tree_->triangles());
    while (!work_.Finished() && !cancel_) {
      RunRayBatchSlice(*tree_, triangles, work_, 100);
      progress_ = float(work_.done) / float(std::max<size_t>(work_.rays.size(), 1));
    }
  });
}

void BatchJob::Collect() {
  if (!Finished()) return;
  if (Join()) {
    std::swap(shown_, work_);
    has_result_ = true;
  }
}

// Four rows per slice: a changed camera cancels a stale image within a few milliseconds.
void HeatmapJob::Start(std::shared_ptr<const Octree> tree, const HeatmapKey& key) {
  Stop();
  tree_ = std::move(tree);
  requested_ = key;
  work_.Resize(key.width, key.height);
  plugin_work_.Resize(key.plugin ? key.width : 0, key.plugin ? key.height : 0);
  Launch([this] {
    for (int row = 0; row < work_.height && !cancel_; row += 4) {
      TraceCostRows(*tree_, requested_.camera, requested_.framebuffer, work_, row, row + 4);
      if (requested_.plugin)
        TracePluginCostRows(*requested_.plugin, requested_.camera, requested_.framebuffer,
                            plugin_work_, row, row + 4);
      progress_ = float(std::min(row + 4, work_.height)) / float(std::max(work_.height, 1));
    }
  });
}

bool HeatmapJob::Collect() {
  if (!Finished()) return false;
  if (!Join()) return false;
  std::swap(shown_, work_);
  std::swap(plugin_shown_, plugin_work_);
  shown_key_ = requested_;
  return true;
}

}  // namespace partlab
