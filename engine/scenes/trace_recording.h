// Recording a simulation as an AABBTRC1 trace and replaying it through any broad phase without
// physics, so that every algorithm is measured on exactly the same motion and
// outside tools can read the run (../shared/formats.md).
#pragma once

#include <cstdio>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "engine/broadphase/frame_driver.h"
#include "engine/io/aabb_trace.h"

namespace partlab {

class Scene;

// Writes the frames a scene's broad phase sees, one per step, padded with absent boxes up to the
// scene's MaxIds() so that the box count is fixed for the whole run.
class TraceRecorder {
 public:
  std::string Open(const std::string& path, uint32_t box_count);
  std::string Record(std::span<const Aabb> frame);  // "" or one error line
  std::string Close();
  uint32_t frames() const { return writer_.frames_written(); }

 private:
  AabbTraceWriter writer_;
  std::vector<Aabb> padded_;
  std::string error_;
};

// Attaches `recorder` to `scene`'s world (replacing any frame observer) after opening it with the
// scene's MaxIds(). Returns "" or one error line.
std::string RecordScene(Scene& scene, TraceRecorder& recorder, const std::string& path);

// Reads an AABBTRC1 trace frame by frame: a 6,000-step run of 6,000 boxes is ~860 MB, more than
// we want in memory at once. Checks what ReadAabbTrace checks (magic, exact size, finite values).
class TraceFrameStream {
 public:
  ~TraceFrameStream();
  std::string Open(const std::string& path);  // "" or one error line
  uint32_t box_count() const { return box_count_; }
  uint32_t frame_count() const { return frame_count_; }
  // Reads the next frame into `frame` (resized to box_count); false at the end or on error
  // (then error() says which).
  bool Next(std::vector<Aabb>& frame);
  const std::string& error() const { return error_; }

 private:
  std::FILE* file_ = nullptr;
  std::string path_, error_;
  uint32_t box_count_ = 0, frame_count_ = 0, next_frame_ = 0;
  std::vector<float> raw_;
};

// Feeds every frame of the trace at `path` to `bp` through a FrameDriver and calls `on_frame`
// with the frame index, its pairs (in the broad phase's order) and the timings. Returns "" or
// one error line.
using ReplayCallback =
    std::function<void(uint32_t frame, std::span<const BoxPair> pairs, const StepTimings& t)>;
std::string ReplayTrace(const std::string& path, BroadPhase& bp, const ReplayCallback& on_frame);

}  // namespace partlab
