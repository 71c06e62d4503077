#include "engine/scenes/trace_recording.h"

#include "engine/io/bounded_file.h"

#include <cerrno>
#include <cmath>
#include <cstring>

#include "engine/scenes/scene.h"
#include "engine/text/translatable.h"

namespace partlab {

std::string TraceRecorder::Open(const std::string& path, uint32_t box_count) {
  padded_.assign(box_count, Aabb{});
  error_.clear();
  return writer_.Open(path, box_count);
}

std::string TraceRecorder::Record(std::span<const Aabb> frame) {
  if (!error_.empty()) return error_;
  if (frame.size() > padded_.size()) {
    error_ = FormatText(N_("trace recorder: frame has %zu boxes, more than the %zu the trace was "
                           "opened for"),
                        frame.size(), padded_.size());
    return error_;
  }
  std::copy(frame.begin(), frame.end(), padded_.begin());  // ids beyond frame.size() stay absent
  error_ = writer_.AppendFrame(padded_);
  return error_;
}

std::string TraceRecorder::Close() {
  const std::string e = writer_.Close();
  return error_.empty() ? e : error_;
}

std::string RecordScene(Scene& scene, TraceRecorder& recorder, const std::string& path) {
  if (std::string e = recorder.Open(path, scene.MaxIds()); !e.empty()) return e;
  scene.world().SetFrameObserver([&recorder](std::span<const Aabb> frame,
                                             std::span<const BoxPair>) { recorder.Record(frame); });
  return {};
}

TraceFrameStream::~TraceFrameStream() {
  if (file_) std::fclose(file_);
}

std::string TraceFrameStream::Open(const std::string& path) {
  if (file_) std::fclose(file_);
  path_ = path;
  next_frame_ = 0;
  file_ = nullptr;
  if (std::string error = CheckRegularFile(path); !error.empty()) return error_ = error;
  file_ = std::fopen(path.c_str(), "rb");
  if (!file_)
    return error_ = path + ": " + FormatText(N_("cannot open (%s)"), std::strerror(errno));
  char magic[8];
  uint32_t counts[2];
  if (std::fread(magic, 1, 8, file_) != 8 || std::fread(counts, 4, 2, file_) != 2)
    return error_ = path + ": " + LookUpText(N_("truncated header (AABBTRC1 needs 16 bytes)"));
  if (std::memcmp(magic, "AABBTRC1", 8) != 0)
    return error_ = path + ": " + LookUpText(N_("bad magic (not an AABBTRC1 trace)"));
  box_count_ = counts[0];
  frame_count_ = counts[1];
  std::fseek(file_, 0, SEEK_END);
  const uint64_t size = uint64_t(std::ftell(file_));
  const uint64_t expected = 16 + uint64_t(box_count_) * frame_count_ * 24;
  if (size != expected)
    return error_ = path + ": " +
                    FormatText(size < expected ? N_("truncated: header says %u boxes x %u frames = "
                                                    "%llu bytes, file has %llu")
                                               : N_("trailing bytes: header says %u boxes x %u "
                                                    "frames = %llu bytes, file has %llu"),
                               box_count_, frame_count_, (unsigned long long)expected,
                               (unsigned long long)size);
  std::fseek(file_, 16, SEEK_SET);
  raw_.resize(size_t(box_count_) * 6);
  return error_ = {};
}

bool TraceFrameStream::Next(std::vector<Aabb>& frame) {
  if (!file_ || !error_.empty() || next_frame_ >= frame_count_) return false;
  if (std::fread(raw_.data(), sizeof(float), raw_.size(), file_) != raw_.size()) {
    error_ = path_ + ": " + FormatText(N_("truncated in frame %u"), next_frame_);
    return false;
  }
  frame.resize(box_count_);
  for (uint32_t b = 0; b < box_count_; ++b) {
    const float* v = &raw_[size_t(b) * 6];
    for (int i = 0; i < 6; ++i) {
      if (!std::isfinite(v[i])) {
        error_ = path_ + ": " +
                 FormatText(N_("frame %u box %u: coordinate is NaN or infinite"), next_frame_, b);
        return false;
      }
    }
    frame[b] = Aabb{{v[0], v[1], v[2]}, {v[3], v[4], v[5]}};
  }
  ++next_frame_;
  return true;
}

std::string ReplayTrace(const std::string& path, BroadPhase& bp, const ReplayCallback& on_frame) {
  TraceFrameStream stream;
  if (std::string e = stream.Open(path); !e.empty()) return e;
  FrameDriver driver(bp);
  std::vector<Aabb> frame;
  std::vector<BoxPair> pairs;
  for (uint32_t f = 0; stream.Next(frame); ++f) {
    const StepTimings t = driver.Step(frame, pairs);
    if (on_frame) on_frame(f, pairs, t);
  }
  return stream.error();
}

}  // namespace partlab
