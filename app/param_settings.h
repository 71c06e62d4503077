// The parameter table (engine/params/param.h) read from and written to a settings file. A value
// the file holds is parsed and enforced like a typed one (out of range: clamped; NaN, an infinity
// or text that is not a number: the default), and each change appends one note naming the key.
// A key the file does not hold leaves the value as it is (the caller's default or a flag's).
// Writing never stores a value that is not finite: the key is left out, and the next run reads
// the default.
#pragma once

#include <string>

#include "app/settings.h"
#include "engine/params/param.h"

namespace partlab {

template <typename T>
void LoadParam(const Settings& s, const Param<T>& p, T& value, std::string& notes) {
  if (!s.Has(p.key)) return;
  AppendNote(notes, ParamFromText(p, s.Get(p.key, ""), value, p.key));
}

inline void LoadParam(const Settings& s, const ChoiceParam& p, int& index, std::string& notes) {
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
  AppendNote(notes, std::string(p.key) + " '" + name + "' is not one of " + choices +
                        "; the default " + p.names[p.fallback] + " is used");
}

// 1 or 0; any other integer counts as yes (as the files written before the table read it).
inline void LoadParam(const Settings& s, const BoolParam& p, bool& value, std::string& notes) {
  if (!s.Has(p.key)) return;
  const std::string text = s.Get(p.key, "");
  int number = 0;
  if (detail::ParseNumber(std::string_view(text), number)) {
    value = number != 0;
    return;
  }
  value = p.fallback;
  AppendNote(notes, std::string(p.key) + " '" + text + "' is not 0 or 1; the default " +
                        (p.fallback ? "1" : "0") + " is used");
}

template <typename T>
void SaveParam(Settings& s, const Param<T>& p, T value) {
  if (!detail::IsFinite(value)) return;
  s.Set(p.key, NumberToText(value));
}

inline void SaveParam(Settings& s, const ChoiceParam& p, int index) {
  if (index >= 0 && index < p.count()) s.Set(p.key, p.names[index]);
}

inline void SaveParam(Settings& s, const BoolParam& p, bool value) {
  s.SetInt(p.key, value ? 1 : 0);
}

}  // namespace partlab
