// A parameter declared once. One table row names everything the program needs to know about a
// number a user can set: the settings key, the command-line flag, the slider's label, the default,
// the range with the reason for each bound, the unit, and the tooltip that cites the paper's
// section. The settings file (param_settings.h), the command line (param_cli.h), the slider
// (app/panels/param_widgets.h) and the clamp note all read the same row, so they cannot disagree.
//
// The clamp rule is ClampWithNote's (clamped_value.h), with one difference: a value that is not a
// finite number (NaN, an infinity, text that is not a number) carries no information about where
// in the range the user meant to be, so it falls back to the default, with a note, instead of to a
// bound. GL-free and ImGui-free.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <type_traits>

#include "engine/params/clamped_value.h"

namespace partlab {

template <typename T>
struct Param {
  static_assert(std::is_same_v<T, int> || std::is_same_v<T, float>);
  const char* key;    // the settings key, "octree.max_depth"
  const char* flag;   // the command-line flag, "--octree-depth" ("" when there is none)
  const char* label;  // the slider's label, "Max depth"
  T fallback;         // the default, inside the range
  ValueRange<T> range;
  const char* unit;  // "levels", "triangles", "" when the number has none
  const char* tip;   // one or two sentences, citing the paper's section
};

// A parameter that picks one of a few named choices ("paper" | "leaf"); stored by name.
struct ChoiceParam {
  static constexpr int kMaxChoices = 8;
  const char* key;
  const char* flag;
  const char* label;
  int fallback;                    // index into names
  const char* names[kMaxChoices];  // the settings/flag spelling of each choice
  const char* tip;
  int count() const {
    int n = 0;
    while (n < kMaxChoices && names[n]) ++n;
    return n;
  }
  // The index of `name`, or -1.
  int Find(std::string_view name) const {
    for (int i = 0; i < count(); ++i)
      if (name == names[i]) return i;
    return -1;
  }
};

// A yes/no parameter, stored as 1 or 0 (the settings files' existing spelling).
struct BoolParam {
  const char* key;
  const char* flag;
  const char* label;
  bool fallback;
  const char* tip;
};

// A parameter that names one entry of a list known only at run time (a broad phase of the
// registry, plugins included), stored by its name; `known` says whether a name is one of them.
struct NameParam {
  const char* key;
  const char* flag;
  const char* label;
  const char* fallback;  // a name `known` accepts
  bool (*known)(std::string_view name);
  const char* tip;
};

// A row bound to the field it sets: `field` is the member of `Owner` (BspParams::max_depth) that
// the row's key, flag, slider and clamp are about. Whoever holds an Owner walks its rows (a
// table's ForEachRow) to load, save, parse flags, clamp or document every field, so a parameter is
// one row and nothing else. Row is Param<T>, BoolParam or ChoiceParam; Field is the member's type
// (an enum for a ChoiceParam, stored as the index of its name).
template <typename Owner, typename Row, typename Field>
struct Bound : Row {
  using Base = Row;
  Field Owner::*field;
};
template <typename Owner, typename T>
using BoundParam = Bound<Owner, Param<T>, T>;
template <typename Owner>
using BoundBool = Bound<Owner, BoolParam, bool>;
template <typename Owner, typename Enum>
using BoundChoice = Bound<Owner, ChoiceParam, Enum>;

// The flag a bound row is given on a command line: its own, else its settings key without the
// "sim." prefix, dots and underscores as dashes ("sim.bsp.split_min" -> "--bsp-split-min").
inline std::string FlagOf(const char* flag, const char* key) {
  if (flag && *flag) return flag;
  std::string_view k(key);
  if (k.substr(0, 4) == "sim.") k.remove_prefix(4);
  std::string out = "--";
  for (char c : k) out += (c == '.' || c == '_') ? '-' : c;
  return out;
}

namespace detail {

inline bool IsFinite(int) {
  return true;
}
inline bool IsFinite(float v) {
  return std::isfinite(v);
}

// The whole of `text` as a T (leading '+' accepted, as strtol would); false otherwise.
template <typename T>
bool ParseNumber(std::string_view text, T& out) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return false;
  out = value;
  return true;
}

}  // namespace detail

// "1..12", "0.05..0.95": the range as a flag's help and error lines print it.
template <typename T>
std::string RangeText(const Param<T>& p) {
  return detail::FormatNumber(p.range.lo) + ".." + detail::FormatNumber(p.range.hi);
}

// The text a settings file stores for `value` (round-trips a float exactly).
inline std::string NumberToText(int value) {
  return std::to_string(value);
}
inline std::string NumberToText(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", double(value));
  return text;
}

// Keeps `value` inside the parameter's range: NaN and infinities become the default, other values
// outside the range the nearest bound. Returns "" when nothing changed, else the one-line note
// "NAME VALUE clamped to BOUND (WHY)" or "NAME nan is not a finite number; the default 0.5 is
// used". NAME is whatever the caller's user typed into: the key, the flag or the label.
template <typename T>
std::string EnforceParam(const Param<T>& p, T& value, std::string_view name) {
  if (!detail::IsFinite(value)) {
    const std::string was = detail::FormatNumber(value);
    value = p.fallback;
    return FormatText(N_("%s %s is not a finite number; the default %s is used"),
                      std::string(name).c_str(), was.c_str(),
                      detail::FormatNumber(p.fallback).c_str());
  }
  return ClampWithNote(value, p.range, name);
}

// Reads `text` (a settings value or a flag's argument) into `value`, enforcing the range. Text
// that is not a number of the parameter's type leaves the default, with a note naming the range.
template <typename T>
std::string ParamFromText(const Param<T>& p, std::string_view text, T& value,
                          std::string_view name) {
  T parsed{};
  if (!detail::ParseNumber(text, parsed)) {
    value = p.fallback;
    const char* format = std::is_same_v<T, int>
                             ? N_("%s '%s' is not an integer in %s; the default %s is used")
                             : N_("%s '%s' is not a number in %s; the default %s is used");
    return FormatText(format, std::string(name).c_str(), std::string(text).c_str(),
                      RangeText(p).c_str(), detail::FormatNumber(p.fallback).c_str());
  }
  value = parsed;
  return EnforceParam(p, value, name);
}

}  // namespace partlab
