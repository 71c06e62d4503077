#include "app/welcome/lesson_shelf.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <string_view>

#include "app/lessons/lesson_catalog.h"
#include "engine/lessons/lesson_file.h"

namespace partlab {

namespace {

// The three texts in the order a course reads them (/work/shared/papers/README.md's order).
constexpr const char* kTextOrder[] = {"Octree paper", "Semi-adjusting BSP thesis",
                                      "Engine chapter"};

std::string Trim(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return "";
  const size_t last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

// "6.4 (Table 6.1) and 7" -> "6.4  and 7": what parentheses hold (figures, notes) is not a section.
std::string WithoutParentheses(const std::string& text) {
  std::string out;
  int depth = 0;
  for (char c : text) {
    if (c == '(') ++depth;
    if (depth == 0) out += c;
    if (c == ')' && depth > 0) --depth;
  }
  return out;
}

// The pieces of a citation: separated by ';', ',' or " and ".
std::vector<std::string> CitationPieces(std::string_view text) {
  constexpr std::string_view kAnd = " and ";
  std::vector<std::string> pieces;
  std::string piece;
  const auto flush = [&] {
    if (std::string trimmed = Trim(piece); !trimmed.empty()) pieces.push_back(trimmed);
    piece.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == ';' || text[i] == ',') {
      flush();
    } else if (text.substr(i, kAnd.size()) == kAnd) {
      flush();
      i += kAnd.size() - 1;
    } else {
      piece += text[i];
    }
  }
  flush();
  return pieces;
}

// A piece's section: its leading number ("4.5 Balance" -> "4.5"), or the whole piece when it is a
// section's name (it starts with a capital: "Detecção de colisão com OCTREE"); "" for the rest
// ("figure 13", "practice (9)", "docs/bsp.md").
std::string SectionOf(const std::string& piece) {
  const unsigned char first = static_cast<unsigned char>(piece[0]);
  if (std::isdigit(first)) {
    size_t end = 0;
    while (end < piece.size() && (std::isdigit(static_cast<unsigned char>(piece[end])) ||
                                  (piece[end] == '.' && end + 1 < piece.size() &&
                                   std::isdigit(static_cast<unsigned char>(piece[end + 1])))))
      ++end;
    return piece.substr(0, end);
  }
  return std::isupper(first) ? piece : "";
}

// "5.2.1" -> {5, 2, 1}; a named section sorts after every number.
std::vector<int> SectionKey(const std::string& section) {
  if (!std::isdigit(static_cast<unsigned char>(section[0]))) return {INT_MAX};
  std::vector<int> key;
  for (size_t at = 0; at < section.size(); ++at) {
    int number = 0;
    while (at < section.size() && section[at] != '.') number = number * 10 + (section[at++] - '0');
    key.push_back(number);
  }
  return key;
}

int TextRank(const std::string& source) {
  for (int i = 0; i < int(std::size(kTextOrder)); ++i)
    if (source == kTextOrder[i]) return i;
  return int(std::size(kTextOrder));
}

}  // namespace

std::string CitedSections(const Lesson& lesson) {
  std::vector<std::string> seen;
  const std::string prefix = lesson.source + ", ";
  for (const LessonStep& step : lesson.steps) {
    std::string text = step.section;
    if (!lesson.source.empty() && text.rfind(prefix, 0) == 0) text.erase(0, prefix.size());
    for (const std::string& piece : CitationPieces(WithoutParentheses(text)))
      if (std::string section = SectionOf(piece);
          !section.empty() && std::find(seen.begin(), seen.end(), section) == seen.end())
        seen.push_back(section);
  }
  // Numbered sections in the text's order (4.5 before 4.10 before 5.2.1), named ones after them.
  std::stable_sort(seen.begin(), seen.end(), [](const std::string& a, const std::string& b) {
    return SectionKey(a) < SectionKey(b);
  });
  std::string joined;
  for (const std::string& section : seen) joined += (joined.empty() ? "" : ", ") + section;
  return joined;
}

std::vector<ShelfText> GroupByText(
    const std::vector<std::pair<std::string, ShelfLesson>>& lessons) {
  std::vector<ShelfText> texts;
  for (const auto& [source, lesson] : lessons) {
    auto it = std::find_if(texts.begin(), texts.end(),
                           [&](const ShelfText& t) { return t.source == source; });
    if (it == texts.end()) it = texts.insert(texts.end(), ShelfText{source, {}});
    it->lessons.push_back(lesson);
  }
  // Stable: other sources keep the order they were met in; unreadable files ("") go last.
  std::stable_sort(texts.begin(), texts.end(), [](const ShelfText& a, const ShelfText& b) {
    const auto key = [](const ShelfText& t) {
      return t.source.empty() ? int(std::size(kTextOrder)) + 1 : TextRank(t.source);
    };
    return key(a) < key(b);
  });
  return texts;
}

std::vector<ShelfText> ReadLessonShelf(const std::vector<std::string>& names) {
  std::vector<std::pair<std::string, ShelfLesson>> lessons;
  for (size_t i = 0; i < names.size() && i < kMaxShelfLessons; ++i) {
    ShelfLesson shelf{names[i], names[i], "", "", ""};
    const LoadResult<Lesson> read = ReadLessonFile(LessonPath(names[i]));
    if (!read.ok()) {
      shelf.error = read.error();
      lessons.emplace_back("", shelf);
      continue;
    }
    const Lesson& lesson = read.value();
    shelf.title = lesson.title.empty() ? lesson.name : lesson.title;
    shelf.summary = lesson.summary;
    shelf.title_pt = lesson.title_pt;
    shelf.summary_pt = lesson.summary_pt;
    shelf.sections = CitedSections(lesson);
    lessons.emplace_back(lesson.source, shelf);
  }
  return GroupByText(lessons);
}

}  // namespace partlab
