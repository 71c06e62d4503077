#include "app/lessons/lesson_verb_table.h"

#include "app/lessons/lesson_player.h"
#include "app/view.h"

namespace partlab {

namespace {

// A '|' in a usage line ("on|off") would end the markdown cell.
std::string EscapeCell(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

void AddRows(std::string& table, const std::string& view,
             const std::vector<LessonVerbSpec>& verbs) {
  for (const LessonVerbSpec& v : verbs)
    table += "| " + view + " | `" + v.verb + "` | " + (v.is_check() ? "check" : "action") + " | " +
             EscapeCell(v.usage) + " |\n";
}

}  // namespace

std::string LessonVerbTable() {
  std::string table = "| View | Verb | Kind | Usage |\n| --- | --- | --- | --- |\n";
  AddRows(table, "any (the player)", GenericLessonVerbs());
  for (const ViewEntry& entry : RegisteredViews())
    if (entry.lesson_verbs) AddRows(table, entry.name, entry.lesson_verbs());
  return table;
}

}  // namespace partlab
