// `partlab --lesson-verbs`: every verb a lesson may use, as the markdown table docs/lessons.md
// carries, made from the player's generic verbs and each registered view's verb table
// (app/view/lesson_verbs.h), so the documentation cannot drift from what the loader accepts.
#pragma once

#include <string>

namespace partlab {

std::string LessonVerbTable();

}  // namespace partlab
