#include "app/view/lesson_verbs.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

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
      return "a whole number";
    case WordKind::kNumber:
      return "a number";
    case WordKind::kSwitch:
      return "on or off";
    case WordKind::kAny:
      break;
  }
  return "a word";
}

bool Fits(WordKind kind, const std::string& word) {
  switch (kind) {
    case WordKind::kInteger:
      return IsInteger(word);
    case WordKind::kNumber:
      return IsNumber(word);
    case WordKind::kSwitch:
      return word == "on" || word == "off";
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
    return command.verb + ": expects " + spec.usage + " (got " + std::to_string(count) +
           (count == 1 ? " word)" : " words)");
  for (const std::string& word : command.args)
    if (!Fits(w.kind, word)) return command.verb + ": '" + word + "' is not " + KindName(w.kind);
  return {};
}

}  // namespace partlab
