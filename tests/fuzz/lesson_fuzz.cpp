// Fuzz target: a lesson's TOML (docs/lessons.md) through ParseLessonText, which checks the file's
// shape and splits every action and check into its verb and arguments (the verbs' meaning is the
// app's to check, with its views). Property: one error line "fuzz.toml:LINE: problem", or a
// lesson within the reader's limits whose every command has a verb and the line it was written on.
#include <string>
#include <string_view>

#include "engine/lessons/lesson_file.h"
#include "tests/fuzz/error_line.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace partlab;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto lesson = ParseLessonText(text, "fuzz.toml");
  if (!lesson.ok()) {
    fuzz::CheckErrorLine(lesson.error(), "fuzz.toml");
    return 0;
  }
  const Lesson& l = lesson.value();
  if (l.steps.empty() || l.steps.size() > 100) fuzz::Fail("step count outside [1, 100]");
  for (const LessonStep& step : l.steps)
    for (const auto* list : {&step.actions, &step.checks}) {
      if (list->size() > 64) fuzz::Fail("more than 64 commands in a list");
      for (const LessonCommand& c : *list) {
        if (c.verb.empty() || c.line < 1) fuzz::Fail("a command without a verb or a line");
        // Splitting the command again gives the same words: verbs and arguments are blank-free.
        std::string joined = c.verb;
        for (const std::string& a : c.args) joined += " " + a;
        const LessonCommand again = SplitLessonCommand(joined, c.line);
        if (again.verb != c.verb || again.args != c.args) fuzz::Fail("command does not re-split");
      }
    }
  return 0;
}
