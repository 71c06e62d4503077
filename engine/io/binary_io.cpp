#include "engine/io/binary_io.h"

#include "engine/io/bounded_file.h"
#include "engine/text/translatable.h"

#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace partlab {

static_assert(std::endian::native == std::endian::little,
              "the formats are little-endian; add byte swapping for a big-endian host");

namespace {
struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;
}  // namespace

LoadResult<std::vector<uint8_t>> ReadWholeFile(const std::string& path) {
  return ReadBoundedFile(path);
}

LoadResult<CountedFile> ReadCountedFile(const std::string& path, std::string_view magic,
                                        size_t record_bytes, std::string_view noun) {
  using Result = LoadResult<CountedFile>;
  auto file = ReadWholeFile(path);
  if (!file) return Result::Fail(file.error());
  CountedFile out{std::move(file).value(), 0};
  const size_t size = out.bytes.size();
  if (size < kCountedHeaderBytes)
    return Result::Fail(path + ": " + FormatText(N_("truncated header (%zu bytes)"), size));
  ByteCursor in(out.bytes);
  if (!in.Magic(magic))
    return Result::Fail(path + ": " +
                        FormatText(N_("bad magic (not a %s file)"), std::string(magic).c_str()));
  out.count = in.U32();
  const uint64_t expected = kCountedHeaderBytes + uint64_t(out.count) * record_bytes;
  if (size != expected)
    return Result::Fail(path + ": " +
                        FormatText(size < expected ? N_("truncated (%u %s need %llu bytes, file "
                                                        "has %zu)")
                                                   : N_("trailing bytes (%u %s need %llu bytes, "
                                                        "file has %zu)"),
                                   out.count, LookUpText(std::string(noun).c_str()),
                                   (unsigned long long)expected, size));
  return Result::Ok(std::move(out));
}

bool ByteCursor::Take(void* dst, size_t n) {
  if (!ok_ || remaining() < n) {
    ok_ = false;
    std::memset(dst, 0, n);
    return false;
  }
  std::memcpy(dst, data_ + pos_, n);
  pos_ += n;
  return true;
}

bool ByteCursor::Magic(std::string_view magic) {
  char buf[16] = {};
  if (magic.size() > sizeof buf || !Take(buf, magic.size())) return false;
  return std::string_view(buf, magic.size()) == magic;
}

void ByteCursor::Skip(size_t n) {
  if (!ok_ || remaining() < n) {
    ok_ = false;
    return;
  }
  pos_ += n;
}

uint32_t ByteCursor::U32() {
  uint32_t v;
  Take(&v, 4);
  return v;
}

float ByteCursor::F32() {
  float v;
  Take(&v, 4);
  return v;
}

void ByteWriter::Magic8(std::string_view magic) {
  for (size_t i = 0; i + 4 <= magic.size(); i += 4) {
    uint32_t word;
    std::memcpy(&word, magic.data() + i, 4);
    U32(word);
  }
}

void ByteWriter::U32(uint32_t v) {
  const auto* p = reinterpret_cast<const uint8_t*>(&v);
  buf_.insert(buf_.end(), p, p + 4);
}

void ByteWriter::F32(float v) {
  const auto* p = reinterpret_cast<const uint8_t*>(&v);
  buf_.insert(buf_.end(), p, p + 4);
}

std::string ByteWriter::WriteTo(const std::string& path) const {
  File f(std::fopen(path.c_str(), "wb"));
  if (!f) return path + ": cannot write (" + std::strerror(errno) + ")";
  if (std::fwrite(buf_.data(), 1, buf_.size(), f.get()) != buf_.size())
    return path + ": write failed";
  return {};
}

}  // namespace partlab
