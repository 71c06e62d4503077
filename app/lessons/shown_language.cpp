#include "app/lessons/shown_language.h"

#include "app/i18n/translate.h"

namespace partlab {

namespace {

// The sources the shipped lessons name, marked for the catalogue.
constexpr const char* kSourceNames[] = {N_("Octree paper"), N_("Semi-adjusting BSP thesis"),
                                        N_("Engine chapter")};

}  // namespace

LessonLanguage ShownLessonLanguage() {
  return CurrentLanguage() == Language::kPortugueseBrazil ? LessonLanguage::kPortuguese
                                                          : LessonLanguage::kEnglish;
}

const char* ShownLessonSource(const std::string& source) {
  for (const char* name : kSourceNames)
    if (source == name) return _(name);
  return source.c_str();
}

Lesson LessonAsShown(const Lesson& lesson) {
  Lesson shown = LessonInLanguage(lesson, ShownLessonLanguage());
  shown.source = ShownLessonSource(lesson.source);
  return shown;
}

}  // namespace partlab
