// The parameter table (param.h) on a CLI11 command line: `--flag VALUE` sets the parameter, the
// help line shows its range, unit, default and tooltip, text that is not a number is one error
// line naming the range, and a number outside the range is clamped with a note, as a slider or a
// settings file would clamp it. Header-only (CLI11 is), GL-free: partlab and partlab-bench use it.
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/params/param.h"
#include "engine/params/param_rows.h"

namespace partlab {

// "Max depth of the octree, 1..12 levels (default 8). The paper's ..." for --help.
// In the user's language (engine/text/translatable.h), as GNU tools print --help.
template <typename T>
std::string ParamHelp(const Param<T>& p) {
  const std::string range = *p.unit ? RangeText(p) + " " + LookUpText(p.unit) : RangeText(p);
  return FormatText(N_("%s, %s (default %s). %s"), LookUpText(p.label), range.c_str(),
                    detail::FormatNumber(p.fallback).c_str(), LookUpText(p.tip));
}

// How a flag words its error line: "--steps expects a count of physics steps (0..100000), got
// '-5'" when `expects` is given, else "--octree-depth expects 1..12, got 'x'". A negative number
// is an error rather than a clamp when the flag counts things (`negative_is_error`).
struct FlagWording {
  const char* expects = nullptr;
  bool negative_is_error = false;
};

// A flag's argument as the parameter's value: text that is not a number (or a negative count when
// `wording.negative_is_error`) throws CLI::ValidationError with the whole line as its message (no
// "name:" prefix of CLI11's own); a number outside the range is clamped, its note appended to
// `notes` with `note_prefix` ("partlab: ").
template <typename T>
T FlagValue(const Param<T>& p, const std::string& text, std::vector<std::string>& notes,
            const std::string& note_prefix, FlagWording wording) {
  const std::string flag = FlagOf(p.flag, p.key);
  T value{};
  const bool number = detail::ParseNumber(std::string_view(text), value);
  if (!number || (wording.negative_is_error && value < 0)) {
    const std::string range = RangeText(p);
    const std::string expects =
        wording.expects ? std::string(LookUpText(wording.expects)) + " (" + range + ")" : range;
    throw CLI::ValidationError(
        FormatText(N_("%s expects %s, got '%s'"), flag.c_str(), expects.c_str(), text.c_str()));
  }
  const std::string note = EnforceParam(p, value, flag);
  if (!note.empty()) notes.push_back(note_prefix + note);
  return value;
}

// Adds the parameter's flag to `app`, writing into `value` (FlagValue's rules).
template <typename T>
CLI::Option* AddParamFlag(CLI::App& app, const Param<T>& p, T& value,
                          std::vector<std::string>& notes, std::string note_prefix = "",
                          FlagWording wording = {}) {
  auto set = [&p, &value, &notes, note_prefix, wording](const std::string& text) {
    value = FlagValue(p, text, notes, note_prefix, wording);
  };
  return app.add_option_function<std::string>(FlagOf(p.flag, p.key), set, ParamHelp(p))
      ->type_name(std::is_same_v<T, int> ? "INT" : "NUMBER");
}

// A choice flag: one of the names, else one error line listing them.
inline CLI::Option* AddChoiceFlag(CLI::App& app, const ChoiceParam& p, std::string& value) {
  std::string names;
  for (int i = 0; i < p.count(); ++i)
    names +=
        (i ? (i + 1 == p.count() ? LookUpText(N_(" or ")) : ", ") : "") + std::string(p.names[i]);
  auto set = [&p, &value, names](const std::string& text) {
    if (p.Find(text) < 0)
      throw CLI::ValidationError(
          FormatText(N_("%s expects %s, got '%s'"), p.flag, names.c_str(), text.c_str()));
    value = text;
  };
  std::string type;
  for (int i = 0; i < p.count(); ++i) type += (i ? "|" : "") + std::string(p.names[i]);
  const std::string help = FormatText(N_("%s: %s (default %s). %s"), LookUpText(p.label),
                                      names.c_str(), p.names[p.fallback], LookUpText(p.tip));
  return app.add_option_function<std::string>(p.flag, set, help)->type_name(type);
}

// A bound row's flag (FlagOf: its own, else one named after its key): the value, checked and
// clamped as the row says, is kept as text under the row's key in `given`, so whoever holds the
// row's owner reads it with LoadRow as it reads its settings file, after the file: a flag wins.
// A yes/no row takes 1 or 0, a choice row one of its names.
template <typename Owner, typename Row, typename Field>
CLI::Option* AddRowFlag(CLI::App& app, const Bound<Owner, Row, Field>& row, ParamTexts& given,
                        std::vector<std::string>& notes, std::string note_prefix = "") {
  const Row& r = row;
  const std::string flag = FlagOf(r.flag, r.key);
  if constexpr (std::is_same_v<Row, BoolParam>) {
    auto set = [&r, &given, flag](const std::string& text) {
      if (text != "0" && text != "1")
        throw CLI::ValidationError(
            FormatText(N_("%s expects 1 or 0, got '%s'"), flag.c_str(), text.c_str()));
      given.Set(r.key, text);
    };
    const std::string help = FormatText(N_("%s: 1 or 0 (default %s). %s"), LookUpText(r.label),
                                        r.fallback ? "1" : "0", LookUpText(r.tip));
    return app.add_option_function<std::string>(flag, set, help)->type_name("1|0");
  } else if constexpr (std::is_same_v<Row, ChoiceParam>) {
    std::string names, type;
    for (int i = 0; i < r.count(); ++i) {
      names +=
          (i ? (i + 1 == r.count() ? LookUpText(N_(" or ")) : ", ") : "") + std::string(r.names[i]);
      type += (i ? "|" : "") + std::string(r.names[i]);
    }
    auto set = [&r, &given, flag, names](const std::string& text) {
      if (r.Find(text) < 0)
        throw CLI::ValidationError(
            FormatText(N_("%s expects %s, got '%s'"), flag.c_str(), names.c_str(), text.c_str()));
      given.Set(r.key, text);
    };
    const std::string help = FormatText(N_("%s: %s (default %s). %s"), LookUpText(r.label),
                                        names.c_str(), r.names[r.fallback], LookUpText(r.tip));
    return app.add_option_function<std::string>(flag, set, help)->type_name(type);
  } else {
    auto set = [&r, &given, &notes, note_prefix](const std::string& text) {
      given.Set(r.key, NumberToText(FlagValue(r, text, notes, note_prefix, {})));
    };
    return app.add_option_function<std::string>(flag, set, ParamHelp(r))
        ->type_name(std::is_same_v<Field, int> ? "INT" : "NUMBER");
  }
}

// Parses `words` (the arguments after the program's name, in order) and returns "" or one error
// line without the program's name: "--rays expects 1..10000000, got 'many'", "--frames expects a
// value (see --help)", "unknown flag '--bogus' (see --help)". CLI11's --help (CLI::CallForHelp)
// passes through to the caller.
inline std::string ParseToOneLine(CLI::App& app, std::vector<std::string> words) {
  std::reverse(words.begin(), words.end());  // CLI11 takes the last word first
  app.allow_extras();
  try {
    app.parse(words);
  } catch (const CLI::Success&) {
    throw;
  } catch (const CLI::ArgumentMismatch& e) {
    const std::string what = e.what();
    return FormatText(N_("%s expects a value (see --help)"),
                      what.substr(0, what.find(':')).c_str());
  } catch (const CLI::ParseError& e) {
    return e.what();
  }
  if (!app.remaining().empty())
    return FormatText(N_("unknown flag '%s' (see --help)"), app.remaining().front().c_str());
  return "";
}

}  // namespace partlab
