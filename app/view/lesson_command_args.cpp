#include "app/view/lesson_command_args.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace partlab {

namespace {

std::string OutOfRange(const LessonCommand& c, size_t word, const std::string& range) {
  return c.verb + ": '" + c.args[word] + "' is not " + range;
}

std::string Short(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

}  // namespace

std::string ExpectWordCount(const LessonCommand& command, size_t min, size_t max,
                            const char* usage) {
  if (command.args.size() >= min && command.args.size() <= max) return {};
  return command.verb + ": expects " + usage + " (got " + std::to_string(command.args.size()) +
         " words)";
}

std::string ReadNumber(const LessonCommand& command, size_t word, double lo, double hi,
                       double* out) {
  if (word >= command.args.size()) return command.verb + ": a number is missing";
  const std::string& text = command.args[word];
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  const std::string range = "a number in [" + Short(lo) + ", " + Short(hi) + "]";
  if (text.empty() || *end != '\0' || !std::isfinite(value) || value < lo || value > hi)
    return OutOfRange(command, word, range);
  *out = value;
  return {};
}

std::string ReadInteger(const LessonCommand& command, size_t word, long lo, long hi, long* out) {
  if (word >= command.args.size()) return command.verb + ": a whole number is missing";
  const std::string& text = command.args[word];
  char* end = nullptr;
  errno = 0;
  const long value = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno == ERANGE || value < lo || value > hi)
    return OutOfRange(command, word,
                      "a whole number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  *out = value;
  return {};
}

std::string ReadIntegers(const LessonCommand& command, size_t first, long lo, long hi,
                         std::vector<long>* out) {
  out->clear();
  for (size_t w = first; w < command.args.size(); ++w) {
    long value = 0;
    if (std::string e = ReadInteger(command, w, lo, hi, &value); !e.empty()) return e;
    out->push_back(value);
  }
  return {};
}

std::string ReadSwitch(const LessonCommand& command, size_t word, bool* out) {
  if (word >= command.args.size()) return command.verb + ": 'on' or 'off' is missing";
  if (command.args[word] != "on" && command.args[word] != "off")
    return OutOfRange(command, word, "'on' or 'off'");
  *out = command.args[word] == "on";
  return {};
}

std::string JoinIntegers(const std::vector<long>& values) {
  std::string s;
  for (long v : values) {
    if (!s.empty()) s += ' ';
    s += std::to_string(v);
  }
  return s.empty() ? "(none)" : s;
}

}  // namespace partlab
