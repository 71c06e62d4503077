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

// The whole file, or "PATH: cannot open (reason)".
LoadResult<std::vector<uint8_t>> ReadWholeFile(const std::string& path);

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
  void Bytes(std::string_view s) { buf_.insert(buf_.end(), s.begin(), s.end()); }
  void U32(uint32_t v);
  void F32(float v);
  std::string WriteTo(const std::string& path) const;

 private:
  std::vector<uint8_t> buf_;
};

}  // namespace partlab
