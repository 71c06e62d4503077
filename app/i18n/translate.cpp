#include "app/i18n/translate.h"

#include <libintl.h>

#include <clocale>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "engine/paths/data_paths.h"

// glibc's catalogue generation counter: gettext keeps the translations it has looked up, and
// increasing this makes it look again after the language changed (the GNU gettext manual, "Being
// a gettext grok": "++_nl_msg_cat_cntr" after changing the language at run time).
extern "C" int _nl_msg_cat_cntr;

namespace partlab {

namespace {

constexpr const char* kDomain = "partlab";
Language g_language = Language::kEnglish;

// $PARTLAB_LOCALE_DIR, else share/locale beside share/partlab (installed, or the build tree's).
std::string LocaleDirectory() {
  if (const char* dir = std::getenv("PARTLAB_LOCALE_DIR"); dir && *dir) return dir;
  return DataDirectory() + "/../locale";
}

// gettext ignores $LANGUAGE under the "C" locale. Only the messages' category is changed (to
// C.UTF-8, which glibc always has): numbers keep the "C" locale's decimal point, so the files we
// read and write (TOML, CSV, settings.ini) never see a decimal comma.
void LeaveTheCLocaleForMessages() {
  const char* current = std::setlocale(LC_MESSAGES, nullptr);
  if (current && std::strcmp(current, "C") != 0 && std::strcmp(current, "POSIX") != 0) return;
  std::setlocale(LC_MESSAGES, "C.UTF-8");
}

}  // namespace

const char* Translate(const char* msgid) {
  if (msgid == nullptr || *msgid == '\0') return "";
  return dgettext(kDomain, msgid);
}

std::string Formatted(const char* format, ...) {
  va_list args;
  va_start(args, format);
  va_list copy;
  va_copy(copy, args);
  const int size = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  std::string text(size > 0 ? size_t(size) : 0, '\0');
  if (size > 0) std::vsnprintf(text.data(), text.size() + 1, format, args);
  va_end(args);
  return text;
}

const char* WindowTitle(const char* translated_title, const char* stable_id) {
  static char buffer[256];
  std::snprintf(buffer, sizeof buffer, "%s###%s", translated_title, stable_id);
  return buffer;
}

bool ParseLanguage(std::string_view text, Language* language) {
  if (text == "en" || text.rfind("en_", 0) == 0 || text.rfind("en-", 0) == 0 || text == "C") {
    *language = Language::kEnglish;
    return true;
  }
  if (text == "pt" || text.rfind("pt_", 0) == 0 || text.rfind("pt-", 0) == 0) {
    *language = Language::kPortugueseBrazil;
    return true;
  }
  return false;
}

const char* LanguageCode(Language language) {
  return language == Language::kPortugueseBrazil ? "pt_BR" : "en";
}

const char* LanguageName(Language language) {
  return language == Language::kPortugueseBrazil ? "Português (Brasil)" : "English";
}

// The first of $LANGUAGE's colon-separated names that is en or pt; false when none is.
static bool LanguageFromPriorityList(const char* list, Language* language) {
  std::string_view rest(list ? list : "");
  while (!rest.empty()) {
    const size_t colon = rest.find(':');
    if (ParseLanguage(rest.substr(0, colon), language)) return true;
    rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
  }
  return false;
}

Language LanguageFromEnvironment() {
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') continue;
    Language language = Language::kEnglish;
    // gettext reads $LANGUAGE first, but only outside the "C" locale (GNU gettext manual, "The
    // LANGUAGE variable").
    const std::string_view locale(value);
    const bool c_locale = locale == "C" || locale == "POSIX" || locale.rfind("C.", 0) == 0;
    if (!c_locale && LanguageFromPriorityList(std::getenv("LANGUAGE"), &language)) return language;
    return ParseLanguage(value, &language) ? language : Language::kEnglish;
  }
  return Language::kEnglish;
}

void UseLanguage(Language language) {
  LeaveTheCLocaleForMessages();
  bindtextdomain(kDomain, LocaleDirectory().c_str());
  bind_textdomain_codeset(kDomain, "UTF-8");
  setenv("LANGUAGE", LanguageCode(language), 1);
  ++_nl_msg_cat_cntr;
  SetTextLookup(&Translate);  // the sentences the engine words itself (engine/text/translatable.h)
  g_language = language;
}

Language CurrentLanguage() {
  return g_language;
}

}  // namespace partlab
