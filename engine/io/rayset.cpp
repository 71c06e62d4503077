#include "engine/io/rayset.h"

#include <cstring>

#include "engine/io/binary_io.h"

namespace partlab {
namespace {
constexpr std::string_view kMagic = "RAYSET01";
// The magic as two little-endian words: ByteWriter::Bytes on an empty buffer trips a GCC 12
// -Wstringop-overflow false positive.
void WriteMagic(ByteWriter& out) {
  for (size_t i = 0; i < kMagic.size(); i += 4) {
    uint32_t word;
    std::memcpy(&word, kMagic.data() + i, 4);
    out.U32(word);
  }
}
constexpr size_t kHeader = 12, kRecord = 24;
}  // namespace

LoadResult<std::vector<Ray>> ReadRaySet(const std::string& path) {
  using Result = LoadResult<std::vector<Ray>>;
  auto file = ReadWholeFile(path);
  if (!file) return Result::Fail(file.error());
  const std::vector<uint8_t>& bytes = file.value();
  if (bytes.size() < kHeader)
    return Result::Fail(path + ": truncated header (" + std::to_string(bytes.size()) + " bytes)");
  ByteCursor in(bytes);
  if (!in.Magic(kMagic)) return Result::Fail(path + ": bad magic (not a RAYSET01 file)");
  const uint32_t count = in.U32();
  const uint64_t expected = kHeader + uint64_t(count) * kRecord;
  if (bytes.size() != expected)
    return Result::Fail(path + ": " + (bytes.size() < expected ? "truncated" : "trailing bytes") +
                        " (" + std::to_string(count) + " rays need " + std::to_string(expected) +
                        " bytes, file has " + std::to_string(bytes.size()) + ")");
  std::vector<Ray> rays(count);
  for (uint32_t i = 0; i < count; ++i) {
    Ray& r = rays[i];
    for (int a = 0; a < 3; ++a) r.origin[a] = in.F32();
    for (int a = 0; a < 3; ++a) r.direction[a] = in.F32();
    if (!IsFinite(r.origin))
      return Result::Fail(path + ": ray " + std::to_string(i) + ": non-finite origin");
    if (!IsFinite(r.direction))
      return Result::Fail(path + ": ray " + std::to_string(i) + ": non-finite direction");
  }
  if (!in.ok()) return Result::Fail(path + ": truncated");
  return Result::Ok(std::move(rays));
}

std::string WriteRaySet(const std::string& path, std::span<const Ray> rays) {
  ByteWriter out;
  WriteMagic(out);
  out.U32(uint32_t(rays.size()));
  for (const Ray& r : rays) {
    for (int a = 0; a < 3; ++a) out.F32(r.origin[a]);
    for (int a = 0; a < 3; ++a) out.F32(r.direction[a]);
  }
  return out.WriteTo(path);
}

}  // namespace partlab
