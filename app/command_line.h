// partlab's flags, parsed with CLI11. Interactive by default; --screenshot makes a headless run
// that renders N frames, writes the PNG and exits (used by the README screenshot and the smoke
// test). Numeric flags come from the parameter rows, so --help, the error lines and the clamp
// notes give the same ranges as the sliders and the settings files. The app-wide flags are
// declared here; each view declares its own (app/view/view_flags.h), and the caller hands the
// views' flag functions in (the executable's registry, app/view.h, which this library cannot see).
#pragma once

#include <string>
#include <vector>

#include <span>

#include "app/app_params.h"
#include "app/i18n/translate.h"
#include "app/view/view_flags.h"
#include "engine/io/load_result.h"
#include "engine/params/clamped_value.h"

namespace partlab {

struct Options {
  std::string screenshot;  // --screenshot FILE.png (empty: interactive)
  int frames = 0;          // --frames N: frames before the screenshot (default 5), or before an
                           // interactive run quits (0: run until closed); tests use both
  int width = 0;           // --size WxH (0: last window size, or the default)
  int height = 0;
  std::string model;       // --model PATH (empty: last model, or the default scene)
  std::string view;        // --view NAME (empty: last view, or the mesh viewer)
  std::string shader;      // --shader KEY (chapter_vertex_lighting | blinn_phong)
  std::string lang;        // --lang en|pt_BR (empty: the last one chosen, else $LANG)
  int msaa = -1;           // --msaa N samples per pixel (-1: last setting, default 4)
  bool no_ui = false;      // --no-ui: no panels (clean renders for documents)
  bool wireframe = false;  // --wireframe: triangle edges (the W key), e.g. a lesson's close-up
  bool welcome = false;    // --welcome: a --screenshot run shows the Welcome window too
  bool show_help = false;  // --help
  // Set by the lesson player, never by a flag: a lesson step shows exactly what its file says, so
  // its view neither reads the user's saved settings nor writes the step's state over them.
  bool in_lesson = false;
  // --plugin PATH (repeatable): broad-phase plugins (include/partlab/plugin.h) main loads before
  // any view, so they are listed beside ours wherever a broad phase is chosen.
  std::vector<std::string> plugins;
  // Every view's own flags (--preset, --octree-depth, --scene, --bsp-*, ...), declared by the
  // views (app/view/view_flags.h) and kept here unread: each view reads its own when it is built.
  ViewFlagValues view_flags;
  // Lessons (docs/lessons.md): --lesson NAME opens assets/lessons/NAME.toml (or a .toml path) in
  // the Lessons panel; with --export DIR every step is rendered headless to DIR/step-NN.png plus
  // an index, and --video FILE.mp4 records the lesson (or, without --lesson, the view's run).
  std::string lesson;
  std::string export_dir;
  std::string video;
  bool lesson_verbs = false;  // --lesson-verbs: print every view's lesson verbs as markdown
  bool presenter = false;     // --presenter: start in presenter mode (the scene and the caption)
  bool no_figures = false;    // --no-figures: presenter mode without the view's figures
  int lesson_step = 0;        // --step N: the lesson starts at step N (1-based; 0: the first)
  float hold_seconds = 3.0f;  // --hold S: how long a --video holds each lesson step
  // One line per number that was clamped into its range ("partlab: --size 1x1 clamped to
  // 64x64 (...)"): main prints them on stderr, the Scene panel shows them in yellow.
  std::vector<std::string> notes;
};

// The window's sides, from their rows (app/app_params.h); every other numeric flag is its row's
// (AddParamFlag, AddRowFlag). A number outside its range is clamped with a note; a value that is
// not a number at all, or a negative count, is an error.
constexpr ValueRange<int> kWindowSideRange = app_params::kWindowSide;

// `partlab --help`: every flag with its range and default, from the same rows, each view's flags
// under the view's name. `view_names` lists the views --view accepts.
std::string CommandLineHelp(std::string_view view_names = "",
                            std::span<const ViewFlagGroup> views = {});

// Errors are one line: "partlab: --size expects WxH (e.g. 1280x720), got 'big'".
LoadResult<Options> ParseCommandLine(int argc, char** argv,
                                     std::span<const ViewFlagGroup> views = {});

// The language of what is printed before the window opens: --lang's (when it names one), else the
// environment's (LanguageFromEnvironment). The saved choice is read later, with the settings.
Language CommandLineLanguage(int argc, char** argv);

// What a view built from these options is told (AppContext::start).
ViewStart ViewStartOf(const Options& options);

}  // namespace partlab
