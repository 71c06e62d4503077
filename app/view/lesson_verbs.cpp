#include "app/view/lesson_verbs.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "app/i18n/translate.h"

namespace partlab {

namespace {

bool IsInteger(const std::string& word) {
  char* end = nullptr;
  errno = 0;
  std::strtol(word.c_str(), &end, 10);
  return !word.empty() && *end == '\0' && errno != ERANGE;
}

bool IsNumber(const std::string& word) {
  char* end = nullptr;
  const double value = std::strtod(word.c_str(), &end);
  return !word.empty() && *end == '\0' && std::isfinite(value);
}

const char* KindName(WordKind kind) {
  switch (kind) {
    case WordKind::kInteger:
      return _("a whole number");
    case WordKind::kNumber:
      return _("a number");
    case WordKind::kSwitch:
      return _("on or off");
    case WordKind::kAny:
      break;
  }
  return _("a word");
}

bool Fits(WordKind kind, const std::string& word) {
  switch (kind) {
    case WordKind::kInteger:
      return IsInteger(word);
    case WordKind::kNumber:
      return IsNumber(word);
    case WordKind::kSwitch:
      return word == "on" || word == "off";  // untranslated: the switch's words, compared
    case WordKind::kAny:
      break;
  }
  return true;
}

}  // namespace

std::string CheckVerbWords(const LessonVerbSpec& spec, const LessonCommand& command) {
  const int count = int(command.args.size());
  const VerbWords& w = spec.words;
  if (count < w.min || (w.max != kManyWords && count > w.max))
    return Formatted(
        count == 1 ? _("%s: expects %s (got %d word)") : _("%s: expects %s (got %d words)"),
        command.verb.c_str(), spec.usage, count);
  for (const std::string& word : command.args)
    if (!Fits(w.kind, word))
      return Formatted(_("%s: '%s' is not %s"), command.verb.c_str(), word.c_str(),
                       KindName(w.kind));
  return {};
}

}  // namespace partlab
