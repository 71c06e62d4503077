// The UI's one translation mechanism: GNU gettext (glibc's libintl, catalogues built from po/ by
// Debian's msgfmt). English is the source language, so an English msgid is its own translation;
// po/pt_BR.po holds Brazilian Portuguese, in the three texts' own terms.
//
//   _("Scene")        the string in the chosen language (a literal, or a marked string from a
//                     table: _(row.label))
//   N_("Scene")       marks a string in a table for xgettext without translating it there
//
// A window's title changes with the language, so it keeps one ID whatever it reads:
// ImGui::Begin(WindowTitle(_("Scene"), "scene")) gives "Cena###scene" (ImGui's ### separator).
#pragma once

#include <string>
#include <string_view>

#include "engine/text/translatable.h"

#define _(text) ::partlab::Translate(text)

namespace partlab {

enum class Language { kEnglish, kPortugueseBrazil };

// The text in the chosen language; "" stays "" (gettext would give the catalogue's header).
// The pointer stays valid for the whole run: gettext never unloads a catalogue it has read.
const char* Translate(const char* msgid);

// printf into a std::string, for a notice or a line built from a translated format:
// Formatted(_("%s: line %d: %s"), file, line, what). A translation may reorder the values with
// %1$s, %2$d (msgfmt --check keeps its directives the msgid's).
std::string Formatted(const char* format, ...) __attribute__((format(printf, 1, 2)));

// "Title###id": the title in the current language, with an ImGui ID that never changes. The
// buffer is reused by the next call, so pass the result straight to ImGui.
const char* WindowTitle(const char* translated_title, const char* stable_id);

// "en", "pt_BR" (also "pt", "pt-BR", "pt_BR.UTF-8"); false when the text names neither.
bool ParseLanguage(std::string_view text, Language* language);
const char* LanguageCode(Language language);  // "en", "pt_BR"
const char* LanguageName(Language language);  // in its own language: "English", "Português"

// The system's language, from LC_ALL, LC_MESSAGES or LANG (the first that is set), as gettext
// reads them: a value starting with "pt" is Brazilian Portuguese, anything else English. As in
// gettext, $LANGUAGE (a list, "pt_BR:en") comes first unless that locale is "C".
Language LanguageFromEnvironment();

// Switches every later _() to `language`, live: the UI reads the new language from the next
// frame on. The catalogue is read from $PARTLAB_LOCALE_DIR, else share/locale beside the data
// folder (engine/paths/data_paths.h).
void UseLanguage(Language language);
Language CurrentLanguage();

}  // namespace partlab
