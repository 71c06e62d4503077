#include "engine/io/aabb_trace.h"

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "engine/io/binary_io.h"
#include "engine/text/translatable.h"

namespace partlab {
namespace {

constexpr char kMagic[] = "AABBTRC1";
constexpr size_t kMagicSize = 8;
constexpr size_t kHeaderSize = kMagicSize + 4 + 4;
constexpr size_t kBoxBytes = 6 * sizeof(float);

// Absent boxes have a canonical encoding on disk; present ones are written as they are.
void BoxToFloats(const Aabb& b, float* out) {
  const Aabb w = b.IsEmpty() ? AbsentTraceBox() : b;
  const float v[6] = {w.min.x, w.min.y, w.min.z, w.max.x, w.max.y, w.max.z};
  std::memcpy(out, v, sizeof v);
}

}  // namespace

LoadResult<AabbTrace> ReadAabbTrace(const std::string& path) {
  using Result = LoadResult<AabbTrace>;
  auto file = ReadWholeFile(path);
  if (!file) return Result::Fail(file.error());
  const std::vector<uint8_t>& bytes = file.value();
  if (bytes.size() < kHeaderSize)
    return Result::Fail(
        path + ": " +
        FormatText(N_("truncated header (%zu bytes, AABBTRC1 needs at least 16)"), bytes.size()));
  ByteCursor in(bytes);
  if (!in.Magic(std::string_view(kMagic, kMagicSize)))
    return Result::Fail(path + ": " + LookUpText(N_("bad magic (not an AABBTRC1 trace)")));
  const uint32_t n = in.U32();
  const uint32_t f = in.U32();
  // Counts against the size exactly: a short file is truncated, a long one is not this format.
  // n x f fits 64 bits (two 32-bit factors), x 24 may not: a hostile header must not wrap
  // around to the file's size and then ask for an impossible allocation.
  const uint64_t boxes = uint64_t(n) * f;
  const uint64_t expected =
      boxes > (UINT64_MAX - kHeaderSize) / kBoxBytes ? UINT64_MAX : kHeaderSize + boxes * kBoxBytes;
  if (bytes.size() != expected)
    return Result::Fail(
        path + ": " +
        FormatText(
            bytes.size() < expected
                ? N_("truncated: header says %u boxes x %u frames = %llu bytes, file has %zu")
                : N_("trailing bytes: header says %u boxes x %u frames = %llu bytes, file "
                     "has %zu"),
            n, f, (unsigned long long)expected, bytes.size()));
  AabbTrace trace;
  trace.box_count = n;
  trace.boxes.resize(size_t(n) * f);
  // n = 0 makes any frame count fit in 16 bytes: the frames are empty, do not walk 4 billion of
  // them (found by fuzzing: a 16-byte file took over a minute under the sanitizers).
  for (uint32_t fr = 0; n != 0 && fr < f; ++fr) {
    for (uint32_t b = 0; b < n; ++b) {
      float v[6];
      for (float& x : v) x = in.F32();
      for (float x : v)
        if (!std::isfinite(x))
          return Result::Fail(
              path + ": " +
              FormatText(N_("frame %u box %u: coordinate is NaN or infinite"), fr, b));
      trace.boxes[size_t(fr) * n + b] = Aabb{{v[0], v[1], v[2]}, {v[3], v[4], v[5]}};
    }
  }
  if (!in.ok()) return Result::Fail(path + ": " + LookUpText(N_("truncated")));
  return Result::Ok(std::move(trace));
}

std::string WriteAabbTrace(const std::string& path, const AabbTrace& trace) {
  AabbTraceWriter w;
  if (std::string e = w.Open(path, trace.box_count); !e.empty()) return e;
  for (size_t f = 0; f < trace.FrameCount(); ++f)
    if (std::string e = w.AppendFrame(trace.Frame(f)); !e.empty()) return e;
  return w.Close();
}

AabbTraceWriter::~AabbTraceWriter() {
  if (file_) Close();
}

std::string AabbTraceWriter::Fail(const std::string& problem) {
  if (file_) std::fclose(file_);
  file_ = nullptr;
  return path_ + ": " + problem;
}

std::string AabbTraceWriter::Open(const std::string& path, uint32_t box_count) {
  if (file_) Close();
  path_ = path;
  box_count_ = box_count;
  frames_ = 0;
  file_ = std::fopen(path.c_str(), "wb");
  if (!file_) return path + ": " + FormatText(N_("cannot write (%s)"), std::strerror(errno));
  uint8_t raw[kHeaderSize];  // frame count 0 until Close() patches it
  std::memcpy(raw, kMagic, kMagicSize);
  std::memcpy(raw + kMagicSize, &box_count, 4);
  std::memset(raw + kMagicSize + 4, 0, 4);
  if (std::fwrite(raw, 1, kHeaderSize, file_) != kHeaderSize)
    return Fail(LookUpText(N_("write failed")));
  scratch_.resize(size_t(box_count) * 6);
  return {};
}

std::string AabbTraceWriter::AppendFrame(std::span<const Aabb> frame) {
  if (!file_) return path_ + ": " + LookUpText(N_("trace writer is not open"));
  if (frame.size() != box_count_)
    return Fail(FormatText(N_("frame %u has %zu boxes, the trace has %u"), unsigned(frames_),
                           frame.size(), unsigned(box_count_)));
  for (size_t i = 0; i < frame.size(); ++i) BoxToFloats(frame[i], &scratch_[i * 6]);
  if (std::fwrite(scratch_.data(), sizeof(float), scratch_.size(), file_) != scratch_.size())
    return Fail(LookUpText(N_("write failed")));
  ++frames_;
  return {};
}

std::string AabbTraceWriter::Close() {
  if (!file_) return {};
  // Patch F in the header now that it is known.
  if (std::fseek(file_, long(kMagicSize + 4), SEEK_SET) != 0 ||
      std::fwrite(&frames_, 4, 1, file_) != 1)
    return Fail(LookUpText(N_("cannot patch the frame count")));
  const int rc = std::fclose(file_);
  file_ = nullptr;
  if (rc != 0) return path_ + ": " + LookUpText(N_("write failed on close"));
  return {};
}

}  // namespace partlab
