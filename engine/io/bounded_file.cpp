#include "engine/io/bounded_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "engine/text/translatable.h"

namespace partlab {
namespace {

using Bytes = LoadResult<std::vector<uint8_t>>;

// Closes the descriptor on every return path.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

std::string TooLarge(const std::string& path, uint64_t size, uint64_t max_bytes) {
  return path + ": " +
         FormatText(N_("%llu bytes, more than the %llu this reader accepts"),
                    (unsigned long long)size, (unsigned long long)max_bytes);
}

}  // namespace

std::string CheckRegularFile(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0)
    return path + ": " + FormatText(N_("cannot open (%s)"), std::strerror(errno));
  if (S_ISDIR(info.st_mode)) return path + ": " + LookUpText(N_("is a directory, not a file"));
  if (!S_ISREG(info.st_mode))
    return path + ": " + LookUpText(N_("not a regular file (a device, a pipe or a socket)"));
  return {};
}

Bytes ReadBoundedFile(const std::string& path, uint64_t max_bytes) {
  // O_NONBLOCK: opening a FIFO for reading otherwise waits until a writer appears.
  Descriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)};
  if (file.fd < 0)
    return Bytes::Fail(path + ": " + FormatText(N_("cannot open (%s)"), std::strerror(errno)));
  struct stat info {};
  if (::fstat(file.fd, &info) != 0)
    return Bytes::Fail(path + ": " + FormatText(N_("cannot open (%s)"), std::strerror(errno)));
  if (S_ISDIR(info.st_mode))
    return Bytes::Fail(path + ": " + LookUpText(N_("is a directory, not a file")));
  if (!S_ISREG(info.st_mode))
    return Bytes::Fail(path + ": " +
                       LookUpText(N_("not a regular file (a device, a pipe or a socket)")));
  const uint64_t size = uint64_t(info.st_size);
  if (size > max_bytes) return Bytes::Fail(TooLarge(path, size, max_bytes));

  std::vector<uint8_t> bytes(size);
  size_t got = 0;
  while (got < bytes.size()) {
    const ssize_t n = ::read(file.fd, bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0)
      return Bytes::Fail(path + ": " + FormatText(N_("read error (%s)"), std::strerror(errno)));
    if (n == 0) break;  // shrank while we read: what is there is the file
    got += size_t(n);
  }
  bytes.resize(got);
  // Grown since fstat: one more byte than the limit allows means the file is too large.
  uint8_t probe = 0;
  ssize_t extra;
  do {
    extra = ::read(file.fd, &probe, 1);
  } while (extra < 0 && errno == EINTR);
  if (extra > 0 && got + 1 > max_bytes) return Bytes::Fail(TooLarge(path, got + 1, max_bytes));
  if (extra > 0) {
    // Grown, but still within the limit: read the rest, bounded.
    bytes.push_back(probe);
    uint8_t chunk[1 << 16];
    for (;;) {
      const ssize_t n = ::read(file.fd, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      if (bytes.size() + size_t(n) > max_bytes)
        return Bytes::Fail(TooLarge(path, bytes.size() + size_t(n), max_bytes));
      bytes.insert(bytes.end(), chunk, chunk + n);
    }
  }
  return Bytes::Ok(std::move(bytes));
}

}  // namespace partlab
