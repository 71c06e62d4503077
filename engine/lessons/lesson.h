// A lesson (docs/lessons.md): the story one figure of a paper tells, as steps a teacher plays
// forward and back in class. This file is the data only; lesson_file.h reads it from a TOML file
// in assets/lessons/, and the app's lesson player (app/lessons/) builds each step's view, runs
// its actions and checks its claims. Nothing here knows about views, windows or OpenGL.
#pragma once

#include <string>
#include <vector>

namespace partlab {

// One entry of a step's `actions` or `checks`: a verb and its words, e.g. "next-op" or
// "shoot-ray 0.1 0.2 -3 0 0 1". The player handles the generic verbs (docs/lessons.md), the
// step's view every other one (View::RunLessonAction, View::CheckLessonClaim).
struct LessonCommand {
  std::string verb;
  std::vector<std::string> args;
  int line = 0;  // where the command is written in the lesson file, for error lines
};

// Where the step's camera looks from (the orbit camera's parameters, degrees for reading ease).
struct LessonCamera {
  bool set = false;  // false: the view's own framing
  float yaw_degrees = 0, pitch_degrees = 0, distance = 3;
  float target[3] = {0, 0, 0};
  // Only yaw and pitch given: the view frames its model (or scene) from that direction.
  bool frame = false;
};

struct LessonStep {
  std::string title;
  std::string view;                // a registered view's name ("Octree", "Simulation", ...)
  std::vector<std::string> flags;  // partlab flags the view is built from, e.g.
                                   // {"--preset", "ray", "--octree-depth", "6"}
  LessonCamera camera;
  std::vector<LessonCommand> actions;  // run in order after the view is built
  std::vector<LessonCommand> checks;   // claims the step makes, asserted after the actions
  std::string caption;                 // a short explanation in English
  std::string section;                 // the paper and its section, e.g. "Octree paper, 4.2"
  std::string quote;                   // the paper's own sentence (Portuguese), may be empty
  // The same texts in Brazilian Portuguese (title_pt, caption_pt, section_pt in the file); empty
  // when the file does not write them, and the player then shows the English
  // (lesson_language.h). The quote is the text's own Portuguese in either language.
  std::string title_pt, caption_pt, section_pt;
  // The papers' figures the step's picture draws, as docs/figures/figures.toml names them
  // ("thesis 4.7", "octree 9", "chapter 3.15"); scripts/lessons-coverage.py checks each name.
  std::vector<std::string> figures;
  // A picture drawn beside the scene as one of the step's figures (a chart the bench generated,
  // shown beside the paper's claim): the path as written, relative to the lesson file, and
  // resolved (the lesson file's folder joined with it), read when the step is shown.
  std::string image;
  std::string image_path;
  int line = 0;  // the line of the step's header in the file
};

struct Lesson {
  std::string name;     // the file's stem: `partlab --lesson NAME`
  std::string file;     // the path it was read from
  std::string title;    // shown in the Lessons panel
  std::string source;   // which of the three texts it follows
  std::string summary;  // one or two sentences
  // The title and summary in Brazilian Portuguese; empty when not written.
  std::string title_pt, summary_pt;
  std::vector<LessonStep> steps;
};

}  // namespace partlab
