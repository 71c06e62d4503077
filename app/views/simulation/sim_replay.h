// The replay viewer's engine: random access to the frames of an AABBTRC1 trace
// (../shared/formats.md) and a broad phase positioned on any of them, so the user can scrub back
// and forth. Stepping forward by one frame feeds the broad phase incrementally, as the simulation
// did; any other jump builds it afresh from the target frame's boxes (pairs are exact either way,
// only the structure's history differs). GL-free: tests/app/sim_replay_test.cpp checks that the
// pairs after any scrubbing equal a straight replay of the trace.
#pragma once

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/broadphase/broad_phase.h"
#include "engine/broadphase/frame_driver.h"
#include "engine/geometry/aabb.h"

namespace partlab {

// Reads any frame of an AABBTRC1 file without loading the whole trace.
class TraceFrameReader {
 public:
  TraceFrameReader() = default;
  ~TraceFrameReader();
  TraceFrameReader(const TraceFrameReader&) = delete;
  TraceFrameReader& operator=(const TraceFrameReader&) = delete;

  // "" or one error line naming the file ("FILE: not an AABBTRC1 trace", "FILE: size ...").
  std::string Open(const std::string& path);
  // Reads frame f into `out` (resized to box_count); "" or one error line.
  std::string Read(uint32_t f, std::vector<Aabb>& out);
  uint32_t box_count() const { return box_count_; }
  uint32_t frame_count() const { return frame_count_; }
  const std::string& path() const { return path_; }

 private:
  std::FILE* file_ = nullptr;
  std::string path_;
  uint32_t box_count_ = 0, frame_count_ = 0;
  std::vector<float> raw_;
};

class ReplayScrubber {
 public:
  // Opens the trace and creates the broad phase `algorithm`; "" or one error line.
  std::string Open(const std::string& path, std::string_view algorithm);
  // Switches the broad phase (rebuilt on the current frame).
  std::string SetAlgorithm(std::string_view algorithm);
  // Called on every broad phase the scrubber creates (the view applies its BSP parameters).
  void SetConfigure(std::function<void(BroadPhase&)> configure) {
    configure_ = std::move(configure);
  }
  // Positions on frame f (clamped to the trace); "" or one error line.
  std::string Seek(uint32_t f);

  bool is_open() const { return reader_.frame_count() > 0 && bp_ != nullptr; }
  uint32_t frame() const { return frame_; }
  uint32_t frame_count() const { return reader_.frame_count(); }
  const std::vector<Aabb>& boxes() const { return boxes_; }
  uint32_t box_count_present() const;  // present (non-empty) boxes of the current frame
  const std::vector<BoxPair>& pairs() const { return pairs_; }
  const StepTimings& timings() const { return timings_; }
  BroadPhase* broad_phase() const { return bp_.get(); }
  const std::string& path() const { return reader_.path(); }

 private:
  std::string Rebuild();
  // "" when `algorithm`'s library accepts every box of `frame` (coordinate_limit.h), else why not.
  static std::string Refusal(std::string_view algorithm, const std::vector<Aabb>& frame);

  TraceFrameReader reader_;
  std::string algorithm_;
  std::function<void(BroadPhase&)> configure_;
  std::unique_ptr<BroadPhase> bp_;
  std::unique_ptr<FrameDriver> driver_;
  std::vector<Aabb> boxes_;
  std::vector<Aabb> next_boxes_;  // a frame being read, before it is accepted
  std::vector<BoxPair> pairs_;
  StepTimings timings_;
  uint32_t frame_ = 0;
  bool positioned_ = false;  // the broad phase holds frame_
};

}  // namespace partlab
