// Bound rows (param.h) read from and written to text by key: a settings file, or the values a
// command line gave (ParamTexts). A value is parsed and enforced like a typed one (out of range:
// clamped; NaN, an infinity or text that is not a number: the default), each change appending one
// note naming the key. A key the text does not hold leaves the field as it is. Writing never
// stores a value that is not finite: the key is left out, and the next run reads the default.
//
// `Source` is anything with Has(key) and Get(key, fallback) (app/settings.h's Settings,
// ParamTexts); `Sink` anything with Set(key, text). GL-free and ImGui-free: partlab, partlab-bench
// and the tests use it.
#pragma once

#include <map>
#include <string>
#include <type_traits>

#include "engine/params/param.h"

namespace partlab {

// Values by settings key, as a command line gave them (param_cli.h's AddRowFlag).
struct ParamTexts {
  std::map<std::string, std::string> values;
  bool Has(const std::string& key) const { return values.count(key) != 0; }
  std::string Get(const std::string& key, const std::string& fallback) const {
    const auto it = values.find(key);
    return it == values.end() ? fallback : it->second;
  }
  void Set(const std::string& key, const std::string& text) { values[key] = text; }
};

template <typename Source, typename T>
void LoadParam(const Source& s, const Param<T>& p, T& value, std::string& notes) {
  if (!s.Has(p.key)) return;
  AppendNote(notes, ParamFromText(p, s.Get(p.key, ""), value, p.key));
}

template <typename Source>
void LoadParam(const Source& s, const ChoiceParam& p, int& index, std::string& notes) {
  if (!s.Has(p.key)) return;
  const std::string name = s.Get(p.key, "");
  const int found = p.Find(name);
  if (found >= 0) {
    index = found;
    return;
  }
  index = p.fallback;
  std::string choices;
  for (int i = 0; i < p.count(); ++i) {
    if (i > 0) choices += '|';
    choices += p.names[i];
  }
  AppendNote(notes, FormatText(N_("%s '%s' is not one of %s; the default %s is used"), p.key,
                               name.c_str(), choices.c_str(), p.names[p.fallback]));
}

// 1 or 0; any other integer counts as yes (as the files written before the table read it).
template <typename Source>
void LoadParam(const Source& s, const BoolParam& p, bool& value, std::string& notes) {
  if (!s.Has(p.key)) return;
  const std::string text = s.Get(p.key, "");
  int number = 0;
  if (detail::ParseNumber(std::string_view(text), number)) {
    value = number != 0;
    return;
  }
  value = p.fallback;
  AppendNote(notes, FormatText(N_("%s '%s' is not 0 or 1; the default %s is used"), p.key,
                               text.c_str(), p.fallback ? "1" : "0"));
}

// A name its row does not know (a broad phase that is not built here, a typo) falls back to the
// row's default, with a note.
template <typename Source>
void LoadParam(const Source& s, const NameParam& p, std::string& value, std::string& notes) {
  if (!s.Has(p.key)) return;
  const std::string name = s.Get(p.key, "");
  if (p.known(name)) {
    value = name;
    return;
  }
  value = p.fallback;
  AppendNote(notes, FormatText(N_("%s '%s' is not known here; the default %s is used"), p.key,
                               name.c_str(), p.fallback));
}

template <typename Sink, typename T>
void SaveParam(Sink& s, const Param<T>& p, T value) {
  if (!detail::IsFinite(value)) return;
  s.Set(p.key, NumberToText(value));
}

template <typename Sink>
void SaveParam(Sink& s, const ChoiceParam& p, int index) {
  if (index >= 0 && index < p.count()) s.Set(p.key, p.names[index]);
}

template <typename Sink>
void SaveParam(Sink& s, const BoolParam& p, bool value) {
  s.Set(p.key, value ? "1" : "0");
}

template <typename Sink>
void SaveParam(Sink& s, const NameParam& p, const std::string& value) {
  s.Set(p.key, value);
}

// A bound row's field of `owner`, read or written by the row's key. An enum field (a
// ChoiceParam's) goes through the index of its name.
template <typename Source, typename Owner, typename Row, typename Field>
void LoadRow(const Source& s, const Bound<Owner, Row, Field>& row, Owner& owner,
             std::string& notes) {
  if constexpr (std::is_enum_v<Field>) {
    int index = int(owner.*row.field);
    LoadParam(s, static_cast<const Row&>(row), index, notes);
    owner.*row.field = Field(index);
  } else {
    LoadParam(s, static_cast<const Row&>(row), owner.*row.field, notes);
  }
}

template <typename Sink, typename Owner, typename Row, typename Field>
void SaveRow(Sink& s, const Bound<Owner, Row, Field>& row, const Owner& owner) {
  if constexpr (std::is_enum_v<Field>)
    SaveParam(s, static_cast<const Row&>(row), int(owner.*row.field));
  else
    SaveParam(s, static_cast<const Row&>(row), owner.*row.field);
}

// A numeric row's field kept inside the row's range (param.h's EnforceParam); other rows have
// nothing to clamp. The note names the row's key.
template <typename Owner, typename Row, typename Field>
void EnforceRow(const Bound<Owner, Row, Field>& row, Owner& owner, std::string& notes) {
  if constexpr (std::is_same_v<Row, Param<Field>>)
    AppendNote(notes, EnforceParam(static_cast<const Row&>(row), owner.*row.field, row.key));
}

}  // namespace partlab
