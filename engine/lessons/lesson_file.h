// Reads a lesson (lesson.h) from its TOML file (the format is in docs/lessons.md). Every problem
// is one line "FILE:LINE: problem", so a teacher who mistyped a key finds it at once. This checks
// the file's shape only (keys, types, required fields); whether a step's view exists, whether its
// flags parse and whether its verbs are known is the app's to check (app/lessons/), since only the
// app knows its views.
#pragma once

#include <string>
#include <string_view>

#include "engine/io/load_result.h"
#include "engine/lessons/lesson.h"

namespace partlab {

// Reads and parses `path`; the lesson's name is the file's stem.
LoadResult<Lesson> ReadLessonFile(const std::string& path);

// Parses TOML text; `path` names the file in error lines (tests pass text directly).
LoadResult<Lesson> ParseLessonText(std::string_view text, const std::string& path);

// "shoot-ray 0 0.1 -3" -> {verb "shoot-ray", args {"0", "0.1", "-3"}}; words are separated by
// blanks. An empty command has an empty verb.
LessonCommand SplitLessonCommand(std::string_view text, int line);

}  // namespace partlab
