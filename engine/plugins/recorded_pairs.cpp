#include "engine/plugins/recorded_pairs.h"

#include <cstring>

#include "engine/io/bounded_file.h"
#include "engine/text/translatable.h"

namespace partlab {

LoadResult<RecordedPairs> ReadRecordedPairs(const std::string& path) {
  using Result = LoadResult<RecordedPairs>;
  auto file = ReadBoundedFile(path);
  if (!file) return Result::Fail(file.error());
  const std::vector<uint8_t>& bytes = file.value();
  size_t at = 0;
  // Every read checks the bytes left first: a truncated file is an error, never a partial read.
  const auto u32 = [&](uint32_t& v) {
    if (bytes.size() - at < 4) return false;
    v = uint32_t(bytes[at]) | uint32_t(bytes[at + 1]) << 8 | uint32_t(bytes[at + 2]) << 16 |
        uint32_t(bytes[at + 3]) << 24;
    at += 4;
    return true;
  };
  if (bytes.size() < 16 || std::memcmp(bytes.data(), "PAIRS001", 8) != 0)
    return Result::Fail(
        path + ": " + LookUpText(N_("not a PAIRS001 file (bad magic or shorter than its header)")));
  at = 8;
  RecordedPairs out;
  uint32_t frames = 0;
  u32(out.box_count);
  u32(frames);
  // Each frame takes at least its 4-byte count: more frames than that cannot be in the file.
  if (uint64_t(frames) * 4 > bytes.size() - at)
    return Result::Fail(
        path + ": " +
        FormatText(N_("%u frames do not fit in %zu bytes (truncated?)"), frames, bytes.size()));
  out.frames.resize(frames);
  for (uint32_t f = 0; f < frames; ++f) {
    uint32_t count = 0;
    u32(count);
    if (uint64_t(count) * 8 > bytes.size() - at)
      return Result::Fail(
          path + ": " +
          FormatText(N_("frame %u: %u pairs do not fit in the rest of the file (truncated?)"), f,
                     count));
    out.frames[f].reserve(count);
    for (uint32_t p = 0; p < count; ++p) {
      uint32_t a = 0, b = 0;
      u32(a);
      u32(b);
      if (a >= out.box_count || b >= out.box_count)
        return Result::Fail(path + ": " +
                            FormatText(N_("frame %u pair %u: id %u >= %u boxes"), f, p,
                                       std::max(a, b), out.box_count));
      if (a == b)
        return Result::Fail(path + ": " +
                            FormatText(N_("frame %u pair %u: box %u with itself"), f, p, a));
      out.frames[f].push_back(MakePair(a, b));
    }
  }
  if (at != bytes.size())
    return Result::Fail(
        path + ": " + FormatText(N_("%zu bytes after the last frame"), size_t(bytes.size() - at)));
  return Result::Ok(std::move(out));
}

}  // namespace partlab
