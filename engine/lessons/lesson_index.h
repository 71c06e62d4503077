// The handout written beside an exported lesson (partlab --lesson NAME --export DIR): index.md and
// index.html list every step with its picture (step-NN.png), title, section, caption and quote,
// in the order the lesson plays them.
#pragma once

#include <string>

#include "engine/lessons/lesson.h"

namespace partlab {

// "step-01.png" for the first step: two digits, so the files sort in playing order.
std::string LessonStepImageName(int step_index);

std::string LessonIndexMarkdown(const Lesson& lesson);
std::string LessonIndexHtml(const Lesson& lesson);

// Writes DIR/index.md and DIR/index.html; "" or one line naming the file that failed.
std::string WriteLessonIndex(const Lesson& lesson, const std::string& dir);

}  // namespace partlab
