// Reading the words of a lesson command (engine/lessons/lesson.h) for the views' lesson verbs:
// each reader returns "" and sets its output when the word is a number in range, otherwise one
// line naming the verb, the word and what it should be (the player prefixes the file and line).
// NaN and infinities are refused before any range test, so they never reach a view's state.
// GL-free; tests/app/lesson_command_args_test.cpp checks it.
#pragma once

#include <string>
#include <vector>

#include "engine/lessons/lesson.h"

namespace partlab {

// "" when the command has between `min` and `max` words, else "VERB: expects USAGE".
std::string ExpectWordCount(const LessonCommand& command, size_t min, size_t max,
                            const char* usage);

std::string ReadNumber(const LessonCommand& command, size_t word, double lo, double hi,
                       double* out);
std::string ReadInteger(const LessonCommand& command, size_t word, long lo, long hi, long* out);

// All words from `first` on as integers in [lo, hi] (a list such as "3 2 4 1").
std::string ReadIntegers(const LessonCommand& command, size_t first, long lo, long hi,
                         std::vector<long>* out);

// "on" -> true, "off" -> false.
std::string ReadSwitch(const LessonCommand& command, size_t word, bool* out);

// The integers as "3 2 4 1", for the lines that say what was expected and what was measured.
std::string JoinIntegers(const std::vector<long>& values);

}  // namespace partlab
