// The helpers a view's flag function (app/view/view_flags.h) declares its flags with, on CLI11 and
// the parameter rows (engine/params/param_cli.h): each flag is listed in --help under the view's
// name, its value checked (one error line: "--octree-depth expects 1..12, got 'x'") and, for a
// number, clamped with a note, then kept as text by flag name in the views' store. A flag another
// view has already declared is not declared again: its help gains this view's part and it moves
// to the group of flags several views read.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "app/i18n/translate.h"
#include "app/view/view_flags.h"
#include "engine/params/param_cli.h"

namespace partlab {

inline constexpr const char* kSharedFlagGroup = N_("Several views (each reads its own)");
// The start of --preset's help; each view adds its words.
inline constexpr const char* kPresetLead = N_("What a view shows first, comma-separated words.");

namespace detail {

// The option already declared under `flag`, with `help` added to its own; null when there is none.
inline CLI::Option* Redeclared(ViewFlagDefs& defs, const std::string& flag,
                               const std::string& help) {
  CLI::Option* option = defs.app.get_option_no_throw(flag);
  if (!option) return nullptr;
  const std::string& was = option->get_description();
  if (!help.empty() && was.find(help) == std::string::npos)
    option->description(was + (was.empty() || was.back() == '.' ? " " : "; ") + help);
  option->group(_(kSharedFlagGroup));
  return option;
}

}  // namespace detail

// A flag whose value is any text (a name, a scene key). `lead` begins the help of a flag several
// views read ("What a view shows first, comma-separated words."), `help` is this view's part.
inline CLI::Option* AddViewTextFlag(ViewFlagDefs& defs, const std::string& flag, const char* type,
                                    const std::string& help, const std::string& lead = "") {
  if (CLI::Option* shared = detail::Redeclared(defs, flag, help)) return shared;
  ViewFlagValues& values = defs.values;
  return defs.app
      .add_option_function<std::string>(
          flag, [&values, flag](const std::string& v) { values.Set(flag, v); },
          lead.empty() ? help : _(lead.c_str()) + (" " + help))
      ->type_name(type)
      ->group(_(defs.view));
}

// A flag whose value `accept` checks: "" or the whole error line ("--ray expects ...").
inline CLI::Option* AddViewCheckedFlag(ViewFlagDefs& defs, const std::string& flag,
                                       const char* type, const std::string& help,
                                       std::string (*accept)(const std::string& text)) {
  if (CLI::Option* shared = detail::Redeclared(defs, flag, help)) return shared;
  ViewFlagValues& values = defs.values;
  auto set = [&values, flag, accept](const std::string& v) {
    if (const std::string error = accept(v); !error.empty()) throw CLI::ValidationError(error);
    values.Set(flag, v);
  };
  return defs.app.add_option_function<std::string>(flag, set, help)
      ->type_name(type)
      ->group(_(defs.view));
}

// A flag naming a file: an empty value is an error, since empty means "not given" downstream and
// would silently show the default instead.
inline CLI::Option* AddViewPathFlag(ViewFlagDefs& defs, const std::string& flag,
                                    const std::string& what, const std::string& help) {
  if (CLI::Option* shared = detail::Redeclared(defs, flag, help)) return shared;
  ViewFlagValues& values = defs.values;
  auto set = [&values, flag, what](const std::string& v) {
    if (v.empty())
      throw CLI::ValidationError(
          Formatted(_("%s expects %s, got ''"), flag.c_str(), _(what.c_str())));
    values.Set(flag, v);
  };
  return defs.app.add_option_function<std::string>(flag, set, help)
      ->type_name("PATH")
      ->group(_(defs.view));
}

// A numeric parameter row's flag (FlagValue's rules: text that is not a number is an error, a
// number out of range is clamped with a note).
template <typename T>
CLI::Option* AddViewParamFlag(ViewFlagDefs& defs, const Param<T>& p, FlagWording wording = {}) {
  const std::string flag = FlagOf(p.flag, p.key);
  if (CLI::Option* shared = detail::Redeclared(defs, flag, "")) return shared;
  ViewFlagValues& values = defs.values;
  std::vector<std::string>& notes = defs.notes;
  auto set = [&p, &values, &notes, flag, wording](const std::string& text) {
    values.Set(flag, NumberToText(FlagValue(p, text, notes, "partlab: ", wording)));
  };
  return defs.app.add_option_function<std::string>(flag, set, ParamHelp(p))
      ->type_name(std::is_same_v<T, int> ? "INT" : "NUMBER")
      ->group(_(defs.view));
}

// A choice row's flag: one of its names, else one error line listing them.
inline CLI::Option* AddViewChoiceFlag(ViewFlagDefs& defs, const ChoiceParam& p) {
  if (CLI::Option* shared = detail::Redeclared(defs, p.flag, "")) return shared;
  ViewFlagValues& values = defs.values;
  std::string names;
  for (int i = 0; i < p.count(); ++i)
    names += (i ? (i + 1 == p.count() ? _(" or ") : ", ") : "") + std::string(p.names[i]);
  auto set = [&p, &values, names](const std::string& text) {
    if (p.Find(text) < 0)
      throw CLI::ValidationError(
          Formatted(_("%s expects %s, got '%s'"), p.flag, names.c_str(), text.c_str()));
    values.Set(p.flag, text);
  };
  std::string type;
  for (int i = 0; i < p.count(); ++i) type += (i ? "|" : "") + std::string(p.names[i]);
  const std::string help = Formatted(_("%s: %s (default %s). %s"), _(p.label), names.c_str(),
                                     p.names[p.fallback], _(p.tip));
  return defs.app.add_option_function<std::string>(p.flag, set, help)
      ->type_name(type)
      ->group(_(defs.view));
}

// A bound row's flag (AddRowFlag): the value by the row's settings key, which the view reads with
// LoadRow after its settings file.
template <typename Owner, typename Row, typename Field>
CLI::Option* AddViewRowFlag(ViewFlagDefs& defs, const Bound<Owner, Row, Field>& row) {
  return AddRowFlag(defs.app, row, defs.values, defs.notes, "partlab: ")->group(_(defs.view));
}

}  // namespace partlab
