// The handout written beside an exported lesson (partlab --lesson NAME --export DIR): index.md and
// index.html list every step with its picture (step-NN.png), title, section, caption and quote,
// in the order the lesson plays them.
#pragma once

#include <string>

#include "engine/lessons/lesson.h"
#include "engine/lessons/lesson_language.h"

namespace partlab {

// "step-01.png" for the first step: two digits, so the files sort in playing order.
std::string LessonStepImageName(int step_index);

// The steps from `first_step` on (an export started at a later step has no pictures before it).
// The texts are the lesson's as given: pass LessonInLanguage's copy for another language, and
// that language, which the HTML declares (<html lang="pt-BR">).
std::string LessonIndexMarkdown(const Lesson& lesson, int first_step = 0);
std::string LessonIndexHtml(const Lesson& lesson, int first_step = 0,
                            LessonLanguage language = LessonLanguage::kEnglish);

// Writes DIR/index.md and DIR/index.html; "" or one line naming the file that failed.
std::string WriteLessonIndex(const Lesson& lesson, const std::string& dir, int first_step = 0,
                             LessonLanguage language = LessonLanguage::kEnglish);

}  // namespace partlab
