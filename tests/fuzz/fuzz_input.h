// Helpers shared by the fuzz targets: a reader of the fuzzer's bytes that never
// runs out (zeros past the end) and a scratch file for the readers that take a path.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace partlab::fuzz {

// Consumes the input front to back; past the end every read returns 0, so any byte string
// decodes to some sequence of operations.
class FuzzInput {
 public:
  FuzzInput(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool empty() const { return pos_ >= size_; }
  uint8_t Byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  uint16_t U16() {
    const uint8_t lo = Byte();  // two statements: the order of the reads must not be unspecified
    return uint16_t(lo | (Byte() << 8));
  }
  int16_t I16() { return int16_t(U16()); }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// Writes `data` to one file per process (the readers under test take a path, as the app's do)
// and returns its path. Aborts if the file cannot be written: that is the harness failing. The
// file is removed when the process exits normally; after a violated property (an abort) it stays,
// holding the input that broke it.
inline std::string WriteScratchFile(const uint8_t* data, size_t size, const char* suffix) {
  struct ScratchPath {
    std::string path;
    ~ScratchPath() { std::remove(path.c_str()); }
  };
  static const ScratchPath scratch{[suffix] {
    const char* dir = std::getenv("TMPDIR");
    return std::string(dir && *dir ? dir : "/tmp") + "/partlab-fuzz-" + std::to_string(getpid()) +
           suffix;
  }()};
  const std::string& path = scratch.path;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f || std::fwrite(data, 1, size, f) != size || std::fclose(f) != 0) {
    std::perror(path.c_str());
    std::abort();
  }
  return path;
}

// Aborts with a message: a fuzz target's way of reporting a broken property.
[[noreturn]] inline void Fail(const std::string& what) {
  std::fprintf(stderr, "fuzz property violated: %s\n", what.c_str());
  std::abort();
}

}  // namespace partlab::fuzz
