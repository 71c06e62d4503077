// The one-line reasons the operations and the scheduler give for what they did or refused
// (OpResult::reason and the scheduler's log, shown in the BSP panel): printf-style, cut at 255
// characters. Each is kept twice: in English, which the log's records hold and a lesson's
// op-logged check matches (a lesson file's words are English), and in the user's language, which
// the panel shows (the format marked N_() and looked up through engine/text/translatable.h; the
// thesis's own terms, split, shift-split, merge, balance, swap, stay as the thesis writes them).
#pragma once

#include <cstdio>
#include <string>
#include <type_traits>

#include "engine/text/translatable.h"

namespace partlab {

struct OpText {
  std::string text;   // English
  std::string shown;  // in the user's language
};

namespace detail {

inline const char* English(const OpText& t) {
  return t.text.c_str();
}
inline const char* Shown(const OpText& t) {
  return t.shown.c_str();
}
template <typename A>
A English(A a) {
  return a;
}
template <typename A>
A Shown(A a) {
  return a;
}

template <typename... A>
std::string PrintReason(const char* fmt, A... args) {
  if constexpr (sizeof...(A) == 0) {
    return fmt;
  } else {
    char buf[256];
    std::snprintf(buf, sizeof buf, fmt, args...);
    return buf;
  }
}

}  // namespace detail

// FormatReason(N_("merge: %u < %d"), population, threshold); an OpText argument gives its English
// to the English text and its translation to the shown one.
template <typename... A>
OpText FormatReason(const char* fmt, const A&... args) {
  return {detail::PrintReason(fmt, detail::English(args)...),
          detail::PrintReason(LookUpText(fmt), detail::Shown(args)...)};
}

}  // namespace partlab
