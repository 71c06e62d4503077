// One rule for every number a user can type, drag, pass on the command line or leave in a
// settings file: it is clamped to a documented range, and when that changes it, a one-line note
// says what happened and why ("Max depth 32 clamped to 12 (the octree view's maximum)"), so the
// value in force is never a surprise and no out-of-range value reaches the engine.
// GL-free and ImGui-free: tests/params/clamped_value_test.cpp checks it; the panels draw the note.
// The parameter table (engine/params/param.h) builds on it: a NaN there falls back to the
// parameter's default instead of the low bound.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <type_traits>

#include "engine/text/translatable.h"

namespace partlab {

// A closed range and the reason for its bounds, shown in the note. The reasons are marked N_()
// where a range is declared, and the note shows them in the user's language.
template <typename T>
struct ValueRange {
  T lo, hi;
  const char* why_lo;  // N_("the smallest useful depth")
  const char* why_hi;  // N_("the octree view's maximum")
};

namespace detail {
inline std::string FormatNumber(int v) {
  return std::to_string(v);
}
inline std::string FormatNumber(float v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", double(v));
  return text;
}
}  // namespace detail

// Clamps `value` into `range`; returns "" when it was already inside, else the note
// "NAME VALUE clamped to BOUND (WHY)". A NaN float is set to the low bound.
template <typename T>
std::string ClampWithNote(T& value, const ValueRange<T>& range, std::string_view name) {
  static_assert(std::is_same_v<T, int> || std::is_same_v<T, float>);
  const bool nan = [&] {
    if constexpr (std::is_same_v<T, float>) return std::isnan(value);
    return false;
  }();
  if (!nan && value >= range.lo && value <= range.hi) return {};
  const bool low = nan || value < range.lo;
  const std::string was = nan ? "NaN" : detail::FormatNumber(value);
  value = low ? range.lo : range.hi;
  return FormatText(N_("%s %s clamped to %s (%s)"), std::string(name).c_str(), was.c_str(),
                    detail::FormatNumber(value).c_str(),
                    LookUpText(low ? range.why_lo : range.why_hi));
}

// Appends a note to a list of notes separated by "; " (several values clamped at once).
inline void AppendNote(std::string& notes, const std::string& note) {
  if (note.empty()) return;
  if (!notes.empty()) notes += "; ";
  notes += note;
}

}  // namespace partlab
