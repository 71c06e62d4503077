#include "app/command_line.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <string_view>

#include "app/i18n/translate.h"
#include "engine/params/param_cli.h"

namespace partlab {

namespace {

constexpr const char* kFooter = N_(
    "Numbers outside their range are clamped with a note; a value that is not a number is an "
    "error.\n"
    "Headless: xvfb-run -a -s \"-screen 0 1920x1080x24\" partlab --screenshot out.png --frames 5");

bool ParsePositive(std::string_view text, int& out) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value <= 0) return false;
  out = value;
  return true;
}

bool ParseSize(std::string_view text, int& width, int& height) {
  const size_t x = text.find('x');
  if (x == std::string_view::npos) return false;
  return ParsePositive(text.substr(0, x), width) && ParsePositive(text.substr(x + 1), height);
}

// Both sides in one note: "--size 1x1 clamped to 64x64 (the smallest window the panels fit in)".
void ClampSize(Options& options) {
  const std::string was = std::to_string(options.width) + "x" + std::to_string(options.height);
  const std::string w = ClampWithNote(options.width, kWindowSideRange, "");
  const std::string h = ClampWithNote(options.height, kWindowSideRange, "");
  if (w.empty() && h.empty()) return;
  const std::string& why = w.empty() ? h : w;
  const size_t open = why.rfind(" (");  // the reason, in the note's language
  const std::string now = std::to_string(options.width) + "x" + std::to_string(options.height);
  options.notes.push_back("partlab: " + Formatted(_("--size %s clamped to %s%s"), was.c_str(),
                                                  now.c_str(), why.substr(open).c_str()));
}

[[noreturn]] void Reject(const std::string& line) {
  throw CLI::ValidationError(line);
}

// A flag whose value is checked by `accept`, which throws its own one-line error.
template <typename Accept>
CLI::Option* AddChecked(CLI::App& app, const char* flag, Accept accept, const std::string& help,
                        const char* type) {
  return app.add_option_function<std::string>(flag, accept, help)->type_name(type);
}

// A flag naming a file: an empty value is an error, since empty means "not given" downstream and
// would silently show the default scene instead.
void AddPathFlag(CLI::App& app, const std::string& flag, std::string& target,
                 const std::string& what, const std::string& help) {
  app.add_option_function<std::string>(
         flag,
         [&target, flag, what](const std::string& v) {
           if (v.empty())
             Reject(Formatted(_("%s expects %s, got ''"), flag.c_str(), _(what.c_str())));
           target = v;
         },
         help)
      ->type_name("PATH");
}

void DefineFlags(CLI::App& app, Options& o, std::string_view view_names,
                 std::span<const ViewFlagGroup> views) {
  namespace ap = app_params;
  app.set_help_flag();  // --help is ours: main prints the help and exits 0
  // CLI11's own words in --help, in the user's language like the rest of it.
  app.get_formatter()->label("Usage", _("Usage"));
  app.get_formatter()->label("OPTIONS", _("OPTIONS"));
  app.option_defaults()->group(_("Options"));
  app.add_flag("-h,--help", o.show_help, _("Print this help and exit"));
  app.add_option("--screenshot", o.screenshot,
                 _("Headless run: render --frames frames (default 5), write this PNG and exit"))
      ->type_name("FILE.png");
  AddChecked(
      app, "--frames",
      [&o](const std::string& v) {
        if (!ParsePositive(v, o.frames))
          Reject(Formatted(_("--frames expects a positive integer, got '%s'"), v.c_str()));
      },
      _("Frames before the screenshot, or before an interactive run quits (default: until closed)"),
      "N");
  AddChecked(
      app, "--lang",
      [&o](const std::string& v) {
        Language language = Language::kEnglish;
        if (!ParseLanguage(v, &language))
          Reject(Formatted(_("--lang expects en or pt_BR, got '%s'"), v.c_str()));
        o.lang = LanguageCode(language);
      },
      _("Language of the panels, notices and lesson captions: en or pt_BR (default: the last one "
        "chosen, else the system's LANG)"),
      "LANG");
  AddChecked(
      app, "--size",
      [&o](const std::string& v) {
        if (!ParseSize(v, o.width, o.height))
          Reject(Formatted(_("--size expects WxH (e.g. 1280x720), got '%s'"), v.c_str()));
        ClampSize(o);
      },
      Formatted(_("Window size; each side %s (default: the last size)"),
                RangeText(ap::kWindowWidth).c_str()),
      "WxH");
  AddChecked(
      app, "--msaa",
      [&o](const std::string& v) {
        int n = 0;
        if (!detail::ParseNumber(std::string_view(v), n) || n < ap::kMsaa.range.lo ||
            n > ap::kMsaa.range.hi)
          Reject(Formatted(_("--msaa expects %s %s, got '%s'"), RangeText(ap::kMsaa).c_str(),
                           _(ap::kMsaa.unit), v.c_str()));
        o.msaa = n;
      },
      ParamHelp(ap::kMsaa), "N");
  AddPathFlag(app, "--model", o.model, N_("a path to an OBJ file"),
              _("OBJ model to open (default: the last one)"));
  app.add_option("--view", o.view,
                 _("View to show, by its name in the Scene panel's View list") +
                     (view_names.empty() ? std::string() : ": " + std::string(view_names)))
      ->type_name("NAME");
  app.add_option("--shader", o.shader, _("Lighting: chapter_vertex_lighting or blinn_phong"))
      ->type_name("KEY");
  app.add_flag("--no-ui", o.no_ui, _("No panels (clean renders for documents)"));
  app.add_flag("--wireframe", o.wireframe,
               _("Triangle edges instead of filled triangles (the W key)"));
  app.add_flag(
      "--welcome", o.welcome,
      _("With --screenshot: show the Welcome window (views and lessons) a first start shows"));
  // App-wide: plugins, loaded by main before any view (docs/plugins.md).
  app.add_option("--plugin", o.plugins,
                 _("A broad-phase or ray-structure plugin (shared library, "
                   "include/partlab/plugin.h) listed beside ours; repeatable"))
      ->type_name("PATH");
  // Lessons (docs/lessons.md).
  app.add_option("--lesson", o.lesson,
                 _("Open a lesson: a name in assets/lessons/ or a .toml path"))
      ->type_name("NAME");
  AddPathFlag(app, "--export", o.export_dir, N_("a folder"),
              _("With --lesson: render every step headless to DIR/step-NN.png, index.md, "
                "index.html"));
  AddPathFlag(app, "--video", o.video, N_("a path to an .mp4 file"),
              _("Record the lesson (with --lesson) or the view's --frames N run through ffmpeg"));
  app.add_flag("--lesson-verbs", o.lesson_verbs,
               _("Print every view's lesson verbs as a markdown table and exit"));
  app.add_flag("--presenter", o.presenter, _("With --lesson: start in presenter mode"));
  app.add_flag("--no-figures", o.no_figures,
               _("With --lesson: presenter mode shows only the scene and the caption, not the "
                 "view's figures (histograms, diagrams, numbers on the scene)"));
  AddChecked(
      app, "--step",
      [&o](const std::string& v) {
        if (!ParsePositive(v, o.lesson_step))
          Reject(Formatted(_("--step expects a positive step number, got '%s'"), v.c_str()));
      },
      _("With --lesson: start at this step (an export then writes this step and those after it)"),
      "N");
  AddChecked(
      app, "--hold",
      [&o](const std::string& v) {
        float seconds = 0;
        if (!detail::ParseNumber(std::string_view(v), seconds) || !(seconds >= 0.1f) ||
            seconds > 60.0f)
          Reject(Formatted(_("--hold expects seconds in 0.1..60, got '%s'"), v.c_str()));
        o.hold_seconds = seconds;
      },
      _("With --lesson --video: seconds each step is held (default 3)"), "S");
  // Each view's own flags, listed under its name.
  for (const ViewFlagGroup& view : views) {
    if (!view.add) continue;
    ViewFlagDefs defs{app, view.view, o.view_flags, o.notes};
    view.add(defs);
  }
  app.footer(_(kFooter));
}

}  // namespace

std::string CommandLineHelp(std::string_view view_names, std::span<const ViewFlagGroup> views) {
  CLI::App app(_("Partition Lab: spatial partitioning structures, interactively"), "partlab");
  Options ignored;
  DefineFlags(app, ignored, view_names, views);
  return app.help();
}

LoadResult<Options> ParseCommandLine(int argc, char** argv, std::span<const ViewFlagGroup> views) {
  Options options;
  CLI::App app("Partition Lab", "partlab");
  DefineFlags(app, options, "", views);
  const std::string error = ParseToOneLine(app, std::vector<std::string>(argv + 1, argv + argc));
  if (!error.empty()) return LoadResult<Options>::Fail("partlab: " + error);
  if (!options.screenshot.empty() && options.frames == 0) options.frames = 5;
  if (!options.export_dir.empty() && options.lesson.empty())
    return LoadResult<Options>::Fail(std::string("partlab: ") + _("--export needs --lesson NAME"));
  if (!options.video.empty() && options.lesson.empty() && options.frames == 0)
    return LoadResult<Options>::Fail(std::string("partlab: ") +
                                     _("--video needs --lesson NAME or --frames N"));
  return LoadResult<Options>::Ok(options);
}

Language CommandLineLanguage(int argc, char** argv) {
  Language language = LanguageFromEnvironment();
  for (int i = 1; i < argc; ++i) {
    const std::string_view word(argv[i]);
    std::string_view value;
    if (word == "--lang" && i + 1 < argc) value = argv[i + 1];
    if (word.rfind("--lang=", 0) == 0) value = word.substr(7);
    if (!value.empty()) ParseLanguage(value, &language);  // a bad value: its error line says so
  }
  return language;
}

ViewStart ViewStartOf(const Options& options) {
  ViewStart start;
  start.screenshot = !options.screenshot.empty();
  start.in_lesson = options.in_lesson;
  start.frames = options.frames;
  start.width = options.width;
  start.height = options.height;
  start.flags = options.view_flags;
  return start;
}

}  // namespace partlab
