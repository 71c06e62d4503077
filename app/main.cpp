// partlab: the Partition Lab testbed. main() is the chapter's (section 3.2.2): initialise the
// engine over a new window, run the main loop, release the engine.
#include <cstdio>

#include "app/command_line.h"
#include "app/engine_loop.h"
#include "app/i18n/translate.h"
#include "app/lessons/lesson_verb_table.h"
#include "app/view.h"
#include "engine/plugins/ray_structure_registry.h"

namespace {

// A video is complete only once ffmpeg has read every frame and exited well.
int FinishVideo(partlab::Engine& engine, int code) {
  if (!engine.video.recording()) return code;
  const int frames = engine.video.frames();
  if (const std::string error = engine.video.Finish(); !error.empty()) {
    std::fprintf(stderr, "partlab: %s\n", error.c_str());
    return code == partlab::kExitOk ? partlab::kExitRuntimeError : code;
  }
  std::printf("partlab: wrote %s (%d frames at %d fps)\n", engine.options.video.c_str(), frames,
              partlab::VideoRecorder::kFramesPerSecond);
  return code;
}

// --plugin: each library registers its broad phase or ray structure before any view is built, so
// every list of broad phases (and the Octree view's list of ray structures) shows it. A library
// that fails to load is one line naming it, printed with the flags' notes and kept in the Scene
// panel; the app goes on without it.
void LoadPlugins(partlab::Options& options) {
  for (const std::string& path : options.plugins)
    if (const std::string error = partlab::LoadPlugin(path); !error.empty())
      options.notes.push_back("partlab: --plugin " + error);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace partlab;
  // What is printed before the window opens (--help, --lesson-verbs, a bad flag's line, the
  // clamp notes) reads in the environment's language, as a GNU tool's would, or --lang's.
  UseLanguage(CommandLineLanguage(argc, argv));
  auto options = ParseCommandLine(argc, argv, RegisteredViewFlags());
  if (!options.ok()) {
    std::fprintf(stderr, "%s\n", options.error().c_str());
    return kExitBadInput;
  }
  if (options.value().show_help) {
    std::string views;
    for (const ViewEntry& view : RegisteredViews())
      views += (views.empty() ? "" : ", ") + std::string(view.name);
    std::fputs(CommandLineHelp(views, RegisteredViewFlags()).c_str(), stdout);
    return kExitOk;
  }
  LoadPlugins(options.value());
  for (const std::string& note : options.value().notes) std::fprintf(stderr, "%s\n", note.c_str());
  if (options.value().lesson_verbs) {  // the verb table of docs/lessons.md: no window needed
    std::fputs(LessonVerbTable().c_str(), stdout);
    return kExitOk;
  }
  if (const int code = CheckLessonBeforeStart(options.value()); code != kExitOk) return code;
  Engine engine;
  engine.options = options.value();
  engine.view_start = ViewStartOf(engine.options);
  // Screenshots, lesson exports and videos are headless runs: no settings, no vsync.
  engine.headless = !engine.options.screenshot.empty() || !engine.options.export_dir.empty() ||
                    !engine.options.video.empty();
  if (const int code = InitEngine(engine); code != kExitOk) {
    ReleaseEngine(engine);
    return code;
  }
  int code = MainLoop(engine);
  code = FinishVideo(engine, code);
  ReleaseEngine(engine);
  return code;
}
