// The Welcome window's list of lessons: every lesson file in assets/lessons/ grouped by the text it
// follows (its `source`: the octree paper, the semi-adjusting BSP thesis, the engine chapter), each
// with the sections of that text its steps cite. Read once, without ImGui or GL, so a test reads
// the shipped files through it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/lessons/lesson.h"
#include "engine/lessons/lesson_language.h"

namespace partlab {

struct ShelfLesson {
  std::string name;      // the file's stem: what the Lessons window opens
  std::string title;     // as the file gives it
  std::string summary;   // one or two sentences, for the tooltip
  std::string sections;  // the sections its steps cite (CitedSections): "4.5, 4.6, 5.2.1"
  std::string error;     // a file that did not read: its one line (listed, not playable)
  std::string title_pt = "", summary_pt = "";  // in Portuguese ("" when the file has none)
};

// The title and summary in `language`, the English where the file has no Portuguese.
inline const std::string& ShelfTitle(const ShelfLesson& l, LessonLanguage language) {
  return language == LessonLanguage::kPortuguese && !l.title_pt.empty() ? l.title_pt : l.title;
}
inline const std::string& ShelfSummary(const ShelfLesson& l, LessonLanguage language) {
  return language == LessonLanguage::kPortuguese && !l.summary_pt.empty() ? l.summary_pt
                                                                          : l.summary;
}

struct ShelfText {
  std::string source;  // as the lesson files write it ("Octree paper"); "" for unreadable files
  std::vector<ShelfLesson> lessons;
};

// More lesson files than this in the folder are not listed (each is read at start-up).
constexpr size_t kMaxShelfLessons = 100;

// The sections a lesson's steps cite, without the text's name: each step's `section`
// ("Semi-adjusting BSP thesis, 4.5 (Figure 4.6) and 5.2.1") gives its numbered sections ("4.5",
// "5.2.1") and its named ones (the octree paper's "Detecção de colisão com OCTREE"), not the
// figures, practices or notes in parentheses; each section once, numbered ones in the text's
// order, then the named ones as cited.
std::string CitedSections(const Lesson& lesson);

// The lessons grouped by text: the three texts first, in the order the papers are read (octree
// paper, thesis, chapter), then any other source in the order met; unreadable files last.
std::vector<ShelfText> GroupByText(const std::vector<std::pair<std::string, ShelfLesson>>& lessons);

// Reads the named lesson files (LessonPath) and groups them; at most kMaxShelfLessons.
std::vector<ShelfText> ReadLessonShelf(const std::vector<std::string>& names);

}  // namespace partlab
