#include "engine/io/rayset.h"

#include "engine/io/binary_io.h"
#include "engine/text/translatable.h"

namespace partlab {
namespace {
constexpr std::string_view kRaysetMagic = "RAYSET01";
constexpr size_t kRayRecordBytes = 24;
}  // namespace

LoadResult<std::vector<Ray>> ReadRaySet(const std::string& path) {
  using Result = LoadResult<std::vector<Ray>>;
  auto file = ReadCountedFile(path, kRaysetMagic, kRayRecordBytes, N_("rays"));
  if (!file) return Result::Fail(file.error());
  const uint32_t count = file.value().count;
  ByteCursor in(file.value().bytes);
  in.Skip(kCountedHeaderBytes);
  std::vector<Ray> rays(count);
  for (uint32_t i = 0; i < count; ++i) {
    Ray& r = rays[i];
    for (int a = 0; a < 3; ++a) r.origin[a] = in.F32();
    for (int a = 0; a < 3; ++a) r.direction[a] = in.F32();
    if (!IsFinite(r.origin))
      return Result::Fail(path + ": " + FormatText(N_("ray %u: non-finite origin"), i));
    if (!IsFinite(r.direction))
      return Result::Fail(path + ": " + FormatText(N_("ray %u: non-finite direction"), i));
  }
  if (!in.ok()) return Result::Fail(path + ": " + LookUpText(N_("truncated")));
  return Result::Ok(std::move(rays));
}

std::string WriteRaySet(const std::string& path, std::span<const Ray> rays) {
  ByteWriter out;
  out.Magic8(kRaysetMagic);
  out.U32(uint32_t(rays.size()));
  for (const Ray& r : rays) {
    for (int a = 0; a < 3; ++a) out.F32(r.origin[a]);
    for (int a = 0; a < 3; ++a) out.F32(r.direction[a]);
  }
  return out.WriteTo(path);
}

}  // namespace partlab
