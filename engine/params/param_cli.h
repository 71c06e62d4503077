// The parameter table (param.h) on a CLI11 command line: `--flag VALUE` sets the parameter, the
// help line shows its range, unit, default and tooltip, text that is not a number is one error
// line naming the range, and a number outside the range is clamped with a note, as a slider or a
// settings file would clamp it. Header-only (CLI11 is), GL-free: partlab and partlab-bench use it.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/params/param.h"

namespace partlab {

// "Max depth of the octree, 1..12 levels (default 8). The paper's ..." for --help.
template <typename T>
std::string ParamHelp(const Param<T>& p) {
  std::string unit = *p.unit ? std::string(" ") + p.unit : std::string();
  return std::string(p.label) + ", " + RangeText(p) + unit + " (default " +
         detail::FormatNumber(p.fallback) + "). " + p.tip;
}

// How a flag words its error line: "--steps expects a count of physics steps (0..100000), got
// '-5'" when `expects` is given, else "--octree-depth expects 1..12, got 'x'". A negative number
// is an error rather than a clamp when the flag counts things (`negative_is_error`).
struct FlagWording {
  const char* expects = nullptr;
  bool negative_is_error = false;
};

// Adds the parameter's flag to `app`, writing into `value`; clamp notes go to `notes`, each
// prefixed with `note_prefix` ("partlab: "). A value that is not a number throws
// CLI::ValidationError with the whole line as its message (no "name:" prefix of CLI11's own).
template <typename T>
CLI::Option* AddParamFlag(CLI::App& app, const Param<T>& p, T& value,
                          std::vector<std::string>& notes, std::string note_prefix = "",
                          FlagWording wording = {}) {
  auto set = [&p, &value, &notes, note_prefix, wording](const std::string& text) {
    T parsed{};
    const bool number = detail::ParseNumber(std::string_view(text), parsed);
    if (!number || (wording.negative_is_error && parsed < 0)) {
      const std::string range = RangeText(p);
      const std::string expects =
          wording.expects ? std::string(wording.expects) + " (" + range + ")" : range;
      throw CLI::ValidationError(std::string(p.flag) + " expects " + expects + ", got '" + text +
                                 "'");
    }
    value = parsed;
    const std::string note = EnforceParam(p, value, p.flag);
    if (!note.empty()) notes.push_back(note_prefix + note);
  };
  return app.add_option_function<std::string>(p.flag, set, ParamHelp(p))
      ->type_name(std::is_same_v<T, int> ? "INT" : "NUMBER");
}

// A choice flag: one of the names, else one error line listing them.
inline CLI::Option* AddChoiceFlag(CLI::App& app, const ChoiceParam& p, std::string& value) {
  std::string names;
  for (int i = 0; i < p.count(); ++i)
    names += (i ? (i + 1 == p.count() ? " or " : ", ") : "") + std::string(p.names[i]);
  auto set = [&p, &value, names](const std::string& text) {
    if (p.Find(text) < 0)
      throw CLI::ValidationError(std::string(p.flag) + " expects " + names + ", got '" + text +
                                 "'");
    value = text;
  };
  return app.add_option_function<std::string>(
      p.flag, set,
      std::string(p.label) + ": " + names + " (default " + p.names[p.fallback] + "). " + p.tip);
}

}  // namespace partlab
