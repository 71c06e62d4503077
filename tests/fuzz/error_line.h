// The property every text reader's error shares: one line "NAME:LINE: problem", naming the file
// the reader was given (not a name written inside it) and a line number.
#pragma once

#include <string>

#include "tests/fuzz/fuzz_input.h"

namespace partlab::fuzz {

inline void CheckErrorLine(const std::string& e, const std::string& name) {
  if (e.rfind(name + ":", 0) != 0 || e.find('\n') != std::string::npos)
    Fail("error is not one line naming the file: " + e);
  size_t i = name.size() + 1;
  const size_t digits = i;
  while (i < e.size() && e[i] >= '0' && e[i] <= '9') ++i;
  if (i == digits || e.compare(i, 2, ": ") != 0) Fail("no line number: " + e);
}

}  // namespace partlab::fuzz
