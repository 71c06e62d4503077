#include "engine/io/hits.h"

#include <cmath>
#include <cstring>

#include "engine/io/binary_io.h"

namespace partlab {
namespace {
constexpr std::string_view kMagic = "HITS0001";
// The magic as two little-endian words: ByteWriter::Bytes on an empty buffer trips a GCC 12
// -Wstringop-overflow false positive.
void WriteMagic(ByteWriter& out) {
  for (size_t i = 0; i < kMagic.size(); i += 4) {
    uint32_t word;
    std::memcpy(&word, kMagic.data() + i, 4);
    out.U32(word);
  }
}
constexpr size_t kHeader = 12, kRecord = 4;
}  // namespace

LoadResult<std::vector<float>> ReadHits(const std::string& path) {
  using Result = LoadResult<std::vector<float>>;
  auto file = ReadWholeFile(path);
  if (!file) return Result::Fail(file.error());
  const std::vector<uint8_t>& bytes = file.value();
  if (bytes.size() < kHeader)
    return Result::Fail(path + ": truncated header (" + std::to_string(bytes.size()) + " bytes)");
  ByteCursor in(bytes);
  if (!in.Magic(kMagic)) return Result::Fail(path + ": bad magic (not a HITS0001 file)");
  const uint32_t count = in.U32();
  const uint64_t expected = kHeader + uint64_t(count) * kRecord;
  if (bytes.size() != expected)
    return Result::Fail(path + ": " + (bytes.size() < expected ? "truncated" : "trailing bytes") +
                        " (" + std::to_string(count) + " hits need " + std::to_string(expected) +
                        " bytes, file has " + std::to_string(bytes.size()) + ")");
  std::vector<float> t(count);
  for (uint32_t i = 0; i < count; ++i) {
    t[i] = in.F32();
    if (std::isnan(t[i])) return Result::Fail(path + ": ray " + std::to_string(i) + ": t is NaN");
    if (t[i] == -INFINITY)
      return Result::Fail(path + ": ray " + std::to_string(i) + ": t is -infinity");
  }
  if (!in.ok()) return Result::Fail(path + ": truncated");
  return Result::Ok(std::move(t));
}

std::string WriteHits(const std::string& path, std::span<const float> t) {
  ByteWriter out;
  WriteMagic(out);
  out.U32(uint32_t(t.size()));
  for (float v : t) out.F32(v);
  return out.WriteTo(path);
}

}  // namespace partlab
