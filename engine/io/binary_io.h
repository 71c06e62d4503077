// Little-endian binary reading and writing for the interchange formats (../shared/formats.md):
// AABBTRC1, RAYSET01, HITS0001. Readers load the whole file, check the magic and the counts
// against the size, and never read past the end: a truncated file is an error, not a partial read.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "engine/io/load_result.h"

namespace partlab {

static_assert(sizeof(float) == 4, "formats.md stores float32");

// The whole file (a regular file of at most kMaxInputFileBytes, see bounded_file.h), or one line:
// "PATH: cannot open (reason)", "PATH: not a regular file ...".
LoadResult<std::vector<uint8_t>> ReadWholeFile(const std::string& path);

// RAYSET01 and HITS0001 share one layout: 8-byte magic, uint32 count, then `count` records of a
// fixed size. Reads the file and checks all of that (bad magic, truncated, trailing bytes), so the
// caller only decodes records: `ByteCursor in(file.bytes); in.Skip(kCountedHeaderBytes);`.
struct CountedFile {
  std::vector<uint8_t> bytes;
  uint32_t count = 0;
};
inline constexpr size_t kCountedHeaderBytes = 12;
// `noun` names a record in messages: "rays.bin: truncated (12 rays need 300 bytes, file has 100)".
LoadResult<CountedFile> ReadCountedFile(const std::string& path, std::string_view magic,
                                        size_t record_bytes, std::string_view noun);

// Sequential reader over a byte buffer. Every read checks the remaining size; the caller checks
// ok() once at the end (or earlier) and reports `path: what` on failure.
class ByteCursor {
 public:
  explicit ByteCursor(const std::vector<uint8_t>& bytes)
      : data_(bytes.data()), size_(bytes.size()) {}

  size_t remaining() const { return size_ - pos_; }
  size_t position() const { return pos_; }
  bool ok() const { return ok_; }

  bool Magic(std::string_view magic);  // consumes magic.size() bytes; true if they match
  void Skip(size_t n);
  uint32_t U32();
  float F32();

 private:
  bool Take(void* dst, size_t n);
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
  bool ok_ = true;
};

// Buffered writer; Finish() writes the file and returns "" or "PATH: cannot write (reason)".
class ByteWriter {
 public:
  // An 8-byte magic, written as two words: inserting a string into an empty buffer trips a
  // GCC 12 -Wstringop-overflow false positive.
  void Magic8(std::string_view magic);
  void U32(uint32_t v);
  void F32(float v);
  std::string WriteTo(const std::string& path) const;

 private:
  std::vector<uint8_t> buf_;
};

}  // namespace partlab
