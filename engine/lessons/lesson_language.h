// Which language a lesson is shown in (docs/lessons.md, "Portuguese"): each text the player shows
// has an English key and a Brazilian Portuguese one (title / title_pt, caption / caption_pt, ...).
// A lesson a user wrote in English only still plays in Portuguese, its missing texts in English;
// the lessons the repository ships are checked to write every Portuguese key
// (MissingPortugueseKeys, run by a test over assets/lessons/). The quote is the text's own
// Portuguese and has no second version.
#pragma once

#include <string>
#include <vector>

#include "engine/lessons/lesson.h"

namespace partlab {

enum class LessonLanguage { kEnglish, kPortuguese };

// The text to show: the Portuguese when asked for and written, else the English.
const std::string& LessonTitle(const Lesson& lesson, LessonLanguage language);
const std::string& LessonSummary(const Lesson& lesson, LessonLanguage language);
const std::string& StepTitle(const LessonStep& step, LessonLanguage language);
const std::string& StepCaption(const LessonStep& step, LessonLanguage language);
const std::string& StepSection(const LessonStep& step, LessonLanguage language);

// True when some English text of the step (or, for the lesson, its title or summary) has no
// Portuguese: shown in Portuguese, that text falls back to English and the player says so.
bool StepLacksPortuguese(const LessonStep& step);
bool LessonLacksPortuguese(const Lesson& lesson);

// Every Portuguese key the lesson lacks, one line each, "FILE:LINE: the step has no caption_pt"
// (LINE: the step's [[step]] line; 1 for the lesson's own title_pt and summary_pt). A key is
// missing when its English key is written and it is not (a step without a section needs no
// section_pt).
std::vector<std::string> MissingPortugueseKeys(const Lesson& lesson);

// A copy with every text in `language` (the index of an export is written from it).
Lesson LessonInLanguage(const Lesson& lesson, LessonLanguage language);

}  // namespace partlab
