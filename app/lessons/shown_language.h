// The language a lesson's texts are shown in: the UI's (app/i18n/translate.h), read each time a
// text is drawn, so the Scene panel's Language chooser changes a caption live. A lesson file
// writes each text twice (title / title_pt, ...: engine/lessons/lesson_language.h).
#pragma once

#include <string>

#include "engine/lessons/lesson_language.h"

namespace partlab {

LessonLanguage ShownLessonLanguage();

// The lesson's `source` in the UI's language: the three texts' names ("Octree paper", "Semi-
// adjusting BSP thesis", "Engine chapter") are in the catalogue; any other source is shown as
// written.
const char* ShownLessonSource(const std::string& source);

// The lesson with every text in the UI's language, the source too: what an export's index holds.
Lesson LessonAsShown(const Lesson& lesson);

}  // namespace partlab
