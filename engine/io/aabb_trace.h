// AABBTRC1: a recording of moving boxes (../shared/formats.md). The simulations write one per run
// and the broad-phase bench and the replay viewer read it back, so every broad phase can be
// compared on exactly the same motion.
#pragma once

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "engine/geometry/aabb.h"
#include "engine/io/load_result.h"

namespace partlab {

// A whole trace in memory: F frames of N boxes, frame-major. Box ids are indices 0..N-1 and keep
// their identity across frames; an empty box (min > max on some axis) is absent in that frame.
struct AabbTrace {
  uint32_t box_count = 0;
  std::vector<Aabb> boxes;  // frame-major, FrameCount() * box_count

  size_t FrameCount() const { return box_count == 0 ? 0 : boxes.size() / box_count; }
  std::span<const Aabb> Frame(size_t f) const {
    return std::span<const Aabb>(boxes).subspan(f * box_count, box_count);
  }
};

// The box AABBTRC1 writes for an absent box: min = (0,0,0), max = (-1,-1,-1).
inline Aabb AbsentTraceBox() {
  return {{0, 0, 0}, {-1, -1, -1}};
}

// Reads a trace, or one error line: "FILE: problem" (bad magic, size not matching the counts,
// truncated) or "FILE: frame F box B: coordinate is NaN or infinite".
LoadResult<AabbTrace> ReadAabbTrace(const std::string& path);

// Writes a whole trace; returns "" or one error line. Absent boxes are written canonically.
std::string WriteAabbTrace(const std::string& path, const AabbTrace& trace);

// Streams a long recording to disk frame by frame without holding it in memory; Close() patches
// the frame count into the header. Every call returns "" or one error line; after an error the
// writer stays failed.
class AabbTraceWriter {
 public:
  AabbTraceWriter() = default;
  AabbTraceWriter(const AabbTraceWriter&) = delete;
  AabbTraceWriter& operator=(const AabbTraceWriter&) = delete;
  ~AabbTraceWriter();  // closes (and patches the header) if still open

  std::string Open(const std::string& path, uint32_t box_count);
  // `frame` must hold exactly box_count boxes.
  std::string AppendFrame(std::span<const Aabb> frame);
  std::string Close();

  bool is_open() const { return file_ != nullptr; }
  uint32_t frames_written() const { return frames_; }

 private:
  std::string Fail(const std::string& problem);
  std::FILE* file_ = nullptr;
  std::string path_;
  uint32_t box_count_ = 0;
  uint32_t frames_ = 0;
  std::vector<float> scratch_;  // one frame of floats, reused
};

}  // namespace partlab
