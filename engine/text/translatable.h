// N_("text") marks a string the user reads as one to translate, where it is declared: a parameter
// row's label and tooltip, a view's one-line description, a table of names. The mark changes
// nothing here (the engine has no translations and no UI); xgettext collects every N_ and _ string
// into the catalogue (po/), and the app translates a marked string where it shows it, with
// _(row.label) (app/i18n/translate.h).
//
// A few sentences are worded where they happen, in the engine, from a marked format and numbers
// only known there: a clamp note ("Max depth 32 clamped to 12 (the octree view's maximum)"), a
// parse error's problem, the semi-adjusting BSP's reasons for an operation. The app, which owns
// the language, lends the engine its lookup once (UseLanguage installs gettext's with
// SetTextLookup), and the engine words such a sentence with FormatText(N_("...%d..."), ...). The
// engine still holds no translation and links no gettext: without a lookup (partlab-bench, the
// engine's own tests) a marked string is its own translation, English.
#pragma once

#include <cstdarg>
#include <cstdio>
#include <string>

#ifndef N_
#define N_(text) text
#endif

namespace partlab {

// The app's translation of a marked string; nullptr: none (English).
using TextLookup = const char* (*)(const char* marked);

inline TextLookup& CurrentTextLookup() {
  static TextLookup lookup = nullptr;
  return lookup;
}

inline void SetTextLookup(TextLookup lookup) {
  CurrentTextLookup() = lookup;
}

// `marked` in the user's language ("" stays "").
inline const char* LookUpText(const char* marked) {
  const TextLookup lookup = CurrentTextLookup();
  return (lookup && marked && *marked) ? lookup(marked) : marked;
}

// printf of the marked `format` in the user's language. A translation may reorder the values with
// %1$s, %2$d (msgfmt --check keeps its directives the msgid's).
inline std::string FormatText(const char* format, ...) __attribute__((format(printf, 1, 2)));
inline std::string FormatText(const char* format, ...) {
  const char* shown = LookUpText(format);
  va_list args;
  va_start(args, format);
  va_list copy;
  va_copy(copy, args);
  const int size = std::vsnprintf(nullptr, 0, shown, copy);
  va_end(copy);
  std::string text(size > 0 ? size_t(size) : 0, '\0');
  if (size > 0) std::vsnprintf(text.data(), text.size() + 1, shown, args);
  va_end(args);
  return text;
}

}  // namespace partlab
