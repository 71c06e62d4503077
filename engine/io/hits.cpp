#include "engine/io/hits.h"

#include <cmath>

#include "engine/io/binary_io.h"
#include "engine/text/translatable.h"

namespace partlab {
namespace {
constexpr std::string_view kHitsMagic = "HITS0001";
constexpr size_t kHitRecordBytes = 4;
}  // namespace

LoadResult<std::vector<float>> ReadHits(const std::string& path) {
  using Result = LoadResult<std::vector<float>>;
  auto file = ReadCountedFile(path, kHitsMagic, kHitRecordBytes, N_("hits"));
  if (!file) return Result::Fail(file.error());
  const uint32_t count = file.value().count;
  ByteCursor in(file.value().bytes);
  in.Skip(kCountedHeaderBytes);
  std::vector<float> t(count);
  for (uint32_t i = 0; i < count; ++i) {
    t[i] = in.F32();
    if (std::isnan(t[i])) return Result::Fail(path + ": " + FormatText(N_("ray %u: t is NaN"), i));
    if (t[i] == -INFINITY)
      return Result::Fail(path + ": " + FormatText(N_("ray %u: t is -infinity"), i));
  }
  if (!in.ok()) return Result::Fail(path + ": " + LookUpText(N_("truncated")));
  return Result::Ok(std::move(t));
}

std::string WriteHits(const std::string& path, std::span<const float> t) {
  ByteWriter out;
  out.Magic8(kHitsMagic);
  out.U32(uint32_t(t.size()));
  for (float v : t) out.F32(v);
  return out.WriteTo(path);
}

}  // namespace partlab
