#include "app/views/simulation/sim_replay.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "app/i18n/translate.h"
#include "engine/broadphase/broad_phase_registry.h"
#include "engine/broadphase/coordinate_limit.h"
#include "engine/io/bounded_file.h"

namespace partlab {

namespace {
constexpr size_t kHeaderBytes = 16;  // magic (8) + N (4) + F (4)
constexpr size_t kBoxBytes = 24;     // six float32
}  // namespace

TraceFrameReader::~TraceFrameReader() {
  if (file_) std::fclose(file_);
}

std::string TraceFrameReader::Open(const std::string& path) {
  if (file_) std::fclose(file_);
  file_ = nullptr;
  path_ = path;
  box_count_ = frame_count_ = 0;
  if (std::string error = CheckRegularFile(path); !error.empty()) return error;
  file_ = std::fopen(path.c_str(), "rb");
  if (!file_) return Formatted(_("%s: cannot open (%s)"), path.c_str(), std::strerror(errno));
  unsigned char header[kHeaderBytes];
  if (std::fread(header, 1, kHeaderBytes, file_) != kHeaderBytes ||
      std::memcmp(header, "AABBTRC1", 8) != 0)
    return Formatted(_("%s: not an AABBTRC1 trace (bad magic)"), path.c_str());
  auto u32 = [&](int at) {
    return uint32_t(header[at]) | uint32_t(header[at + 1]) << 8 | uint32_t(header[at + 2]) << 16 |
           uint32_t(header[at + 3]) << 24;
  };
  const uint32_t n = u32(8), f = u32(12);
  std::fseek(file_, 0, SEEK_END);
  const long size = std::ftell(file_);
  // n x f fits 64 bits (two 32-bit factors), x 24 may not: a hostile header must not wrap
  // around to a size that matches.
  const unsigned long long boxes = 1ull * n * f;
  const unsigned long long expected =
      boxes > (~0ull - kHeaderBytes) / kBoxBytes ? ~0ull : kHeaderBytes + boxes * kBoxBytes;
  if (size < 0 || static_cast<unsigned long long>(size) != expected)
    return Formatted(_("%s: size %ld bytes does not match %u boxes x %u frames (%llu bytes)"),
                     path.c_str(), size, n, f, expected);
  box_count_ = n;
  frame_count_ = n == 0 ? 0 : f;
  return "";
}

std::string TraceFrameReader::Read(uint32_t f, std::vector<Aabb>& out) {
  if (!file_ || f >= frame_count_) return Formatted(_("%s: no frame %u"), path_.c_str(), f);
  raw_.resize(size_t(box_count_) * 6);
  const long long at = kHeaderBytes + 1ll * f * box_count_ * kBoxBytes;
  if (fseeko(file_, off_t(at), SEEK_SET) != 0 ||
      std::fread(raw_.data(), kBoxBytes, box_count_, file_) != box_count_)
    return Formatted(_("%s: frame %u is unreadable"), path_.c_str(), f);
  out.resize(box_count_);
  for (uint32_t b = 0; b < box_count_; ++b) {
    const float* v = &raw_[size_t(b) * 6];  // little-endian float32 (formats.md), as on x86
    for (int k = 0; k < 6; ++k)
      if (!std::isfinite(v[k]))
        return Formatted(_("%s: frame %u box %u: coordinate is NaN or infinite"), path_.c_str(), f,
                         b);
    out[b] = Aabb{{v[0], v[1], v[2]}, {v[3], v[4], v[5]}};
  }
  return "";
}

std::string ReplayScrubber::Open(const std::string& path, std::string_view algorithm) {
  // Check the new trace (header, size, first frame) before letting go of the one open now, so a
  // bad file leaves the replay as it was.
  {
    TraceFrameReader probe;
    std::vector<Aabb> first;
    if (std::string error = probe.Open(path); !error.empty()) return error;
    if (probe.frame_count() == 0)
      return Formatted(probe.box_count() == 0 ? _("%s: the trace has no boxes")
                                              : _("%s: the trace has no frames"),
                       path.c_str());
    if (std::string error = probe.Read(0, first); !error.empty()) return error;
    if (std::string error = Refusal(algorithm, first); !error.empty()) return path + ": " + error;
  }
  bp_.reset();
  driver_.reset();
  positioned_ = false;
  if (std::string error = reader_.Open(path); !error.empty()) return error;
  if (reader_.frame_count() == 0) return Formatted(_("%s: the trace has no frames"), path.c_str());
  frame_ = 0;
  return SetAlgorithm(algorithm);
}

std::string ReplayScrubber::SetAlgorithm(std::string_view algorithm) {
  std::unique_ptr<BroadPhase> bp = MakeBroadPhase(algorithm);
  if (!bp) return Formatted(_("unknown broad phase '%s'"), std::string(algorithm).c_str());
  // An algorithm whose library cannot take this frame is refused; the current one stays.
  if (positioned_)
    if (std::string error = Refusal(algorithm, boxes_); !error.empty())
      return Formatted(_("%s: %s; kept %s"), reader_.path().c_str(), error.c_str(),
                       algorithm_.c_str());
  driver_.reset();
  bp_ = std::move(bp);
  algorithm_ = algorithm;
  positioned_ = false;
  return Seek(frame_);
}

std::string ReplayScrubber::Rebuild() {
  driver_.reset();
  bp_ = MakeBroadPhase(algorithm_);
  if (configure_) configure_(*bp_);
  driver_ = std::make_unique<FrameDriver>(*bp_);
  return "";
}

std::string ReplayScrubber::Seek(uint32_t f) {
  if (!bp_ || reader_.frame_count() == 0) return _("no trace open");
  f = std::min(f, reader_.frame_count() - 1);
  const bool incremental = positioned_ && f == frame_ + 1;
  if (positioned_ && f == frame_) return "";
  // Read into scratch first: a frame the broad phase cannot take leaves the current one shown.
  if (std::string error = reader_.Read(f, next_boxes_); !error.empty()) return error;
  if (std::string error = CoordinateLimitProblem(algorithm_, bp_->AcceptedCoordinates(),
                                                 LargestCoordinate(next_boxes_));
      !error.empty())
    return Formatted(_("%s: frame %u: %s"), reader_.path().c_str(), f, error.c_str());
  boxes_.swap(next_boxes_);
  // A fresh structure for any jump: the driver only knows how to move forward from what it holds.
  if (!incremental) Rebuild();
  timings_ = driver_->Step(boxes_, pairs_);
  frame_ = f;
  positioned_ = true;
  return "";
}

std::string ReplayScrubber::Refusal(std::string_view algorithm, const std::vector<Aabb>& frame) {
  const std::unique_ptr<BroadPhase> bp = MakeBroadPhase(algorithm);
  if (!bp) return {};
  return CoordinateLimitProblem(algorithm, bp->AcceptedCoordinates(), LargestCoordinate(frame));
}

uint32_t ReplayScrubber::box_count_present() const {
  uint32_t n = 0;
  for (const Aabb& b : boxes_) n += b.IsEmpty() ? 0 : 1;
  return n;
}

}  // namespace partlab
