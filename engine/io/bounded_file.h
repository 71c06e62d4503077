// Reading a whole input file without trusting it to end. A path can name a device that never
// ends (/dev/zero), a pipe nobody closes, or a regular file far larger than any model or trace:
// read naively, each fills memory until the machine gives up. Every reader in engine/io reads
// through here: only regular files, at most a stated number of bytes, checked before and while
// reading (a file may grow after the size was checked).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/io/load_result.h"

namespace partlab {

// The largest input any reader accepts: well above the largest model (the full dragon's OBJ,
// about 40 MB) and a 100,000-box trace of 1,000 frames (2.4 GB would not be held in memory
// anyway), far below what would exhaust the machine.
inline constexpr uint64_t kMaxInputFileBytes = uint64_t(1) << 30;  // 1 GiB

// The bytes of a regular file of at most `max_bytes`, or one line: "PATH: cannot open (reason)",
// "PATH: is a directory, not a file", "PATH: not a regular file (a device, a pipe or a socket)",
// "PATH: 3000000000 bytes, more than the 1073741824 this reader accepts".
LoadResult<std::vector<uint8_t>> ReadBoundedFile(const std::string& path,
                                                 uint64_t max_bytes = kMaxInputFileBytes);

// For readers that stream a file instead of holding it (traces of hundreds of MB): "" when `path`
// names a regular file, else the same one line ReadBoundedFile gives. Check before fopen: opening
// a FIFO for reading waits for a writer.
std::string CheckRegularFile(const std::string& path);

}  // namespace partlab
