// Plays a lesson (engine/lessons/lesson.h) in the running app: each step's view is built afresh
// from the step's flags, as `partlab --view NAME <flags>` would build it (the flags go through
// ParseCommandLine, so their ranges and error lines are the command line's), then the step's
// model, shader and camera are set, its actions run and its checks are asserted. Going back to a
// step rebuilds it the same way, which is what makes a step's state exact (docs/lessons.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/command_line.h"
#include "app/lessons/lesson_host.h"
#include "app/view.h"
#include "engine/lessons/lesson.h"

namespace partlab {

// The verbs the player runs itself; every other verb goes to the step's view.
//   steps N   N fixed steps of the view (its StepControl's dt)
//   pause     the view stands still while the step is shown
//   play      the view animates while the step is shown
std::vector<LessonVerbSpec> GenericLessonVerbs();

class LessonPlayer {
 public:
  // Reads the lesson and checks what can be checked without building views: every step names a
  // registered view and its flags parse. "" on success; otherwise one "FILE:LINE: problem" line,
  // and the lesson played so far stays.
  std::string Open(const std::string& path);

  bool has_lesson() const { return lesson_.has_value(); }
  const Lesson& lesson() const { return *lesson_; }
  int step() const { return step_; }  // -1 before the first step is shown

  // Builds step `index` into the engine's view and camera. "" on success; otherwise one
  // "FILE:LINE: problem" line (an unknown verb, an action that failed, a claim that does not hold)
  // and the step is left as far as it got. `headless`: the view finishes its jobs before drawing.
  std::string ShowStep(LessonHost& host, int index, bool headless);

 private:
  std::string BuildView(LessonHost& host, const LessonStep& step, bool headless);
  std::string RunCommands(View& view, const LessonStep& step);
  std::string At(int line, const std::string& problem) const;

  std::optional<Lesson> lesson_;
  int step_ = -1;
  // The step's parsed command line and what the view is lent; they outlive the view (views keep
  // references to both), so they are replaced only after the old view is gone.
  Options options_;
  ViewStart start_;
  std::optional<AppContext> context_;
};

}  // namespace partlab
