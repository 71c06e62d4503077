#include "engine/lessons/lesson_language.h"

namespace partlab {

namespace {

const std::string& Pick(const std::string& english, const std::string& portuguese,
                        LessonLanguage language) {
  return language == LessonLanguage::kPortuguese && !portuguese.empty() ? portuguese : english;
}

// An English text that is written and its Portuguese that is not.
bool Lacks(const std::string& english, const std::string& portuguese) {
  return !english.empty() && portuguese.empty();
}

}  // namespace

const std::string& LessonTitle(const Lesson& lesson, LessonLanguage language) {
  return Pick(lesson.title, lesson.title_pt, language);
}
const std::string& LessonSummary(const Lesson& lesson, LessonLanguage language) {
  return Pick(lesson.summary, lesson.summary_pt, language);
}
const std::string& StepTitle(const LessonStep& step, LessonLanguage language) {
  return Pick(step.title, step.title_pt, language);
}
const std::string& StepCaption(const LessonStep& step, LessonLanguage language) {
  return Pick(step.caption, step.caption_pt, language);
}
const std::string& StepSection(const LessonStep& step, LessonLanguage language) {
  return Pick(step.section, step.section_pt, language);
}

bool StepLacksPortuguese(const LessonStep& step) {
  return Lacks(step.title, step.title_pt) || Lacks(step.caption, step.caption_pt) ||
         Lacks(step.section, step.section_pt);
}

bool LessonLacksPortuguese(const Lesson& lesson) {
  return Lacks(lesson.title, lesson.title_pt) || Lacks(lesson.summary, lesson.summary_pt);
}

std::vector<std::string> MissingPortugueseKeys(const Lesson& lesson) {
  std::vector<std::string> lines;
  auto note = [&](int line, const char* where, const char* key) {
    // untranslated: the authors' completeness check the tests run, never shown in the app
    lines.push_back(lesson.file + ":" + std::to_string(line) + ": " + where + " has no " + key);
  };
  if (Lacks(lesson.title, lesson.title_pt)) note(1, "the lesson", "title_pt");
  if (Lacks(lesson.summary, lesson.summary_pt)) note(1, "the lesson", "summary_pt");
  for (const LessonStep& step : lesson.steps) {
    if (Lacks(step.title, step.title_pt)) note(step.line, "the step", "title_pt");
    if (Lacks(step.caption, step.caption_pt)) note(step.line, "the step", "caption_pt");
    if (Lacks(step.section, step.section_pt)) note(step.line, "the step", "section_pt");
  }
  return lines;
}

Lesson LessonInLanguage(const Lesson& lesson, LessonLanguage language) {
  Lesson shown = lesson;
  shown.title = LessonTitle(lesson, language);
  shown.summary = LessonSummary(lesson, language);
  for (LessonStep& step : shown.steps) {
    step.title = StepTitle(step, language);
    step.caption = StepCaption(step, language);
    step.section = StepSection(step, language);
  }
  return shown;
}

}  // namespace partlab
