// The one-line reasons the operations and the scheduler give for what they did or refused
// (OpResult::reason and the scheduler's log, shown in the BSP panel): printf-style, cut at 255
// characters.
#pragma once

#include <cstdio>
#include <string>

namespace partlab {

std::string FormatReason(const char* fmt, auto... args) {
  char buf[256];
  std::snprintf(buf, sizeof buf, fmt, args...);
  return buf;
}

}  // namespace partlab
