#include "app/lessons/lesson_session.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "app/i18n/translate.h"
#include "app/lessons/lesson_catalog.h"
#include "app/lessons/shown_language.h"
#include "app/render/screenshot.h"
#include "app/video/video_recorder.h"
#include "engine/lessons/lesson_index.h"

namespace partlab {

namespace {

// An export draws each step this many frames before taking its picture: a window that sizes
// itself to its text (the caption) is measured in its first frame and drawn in the next, and the
// view's figures, laid out above the caption's band, follow one frame later.
constexpr int kExportFramesPerStep = 4;

}  // namespace

int CheckLessonBeforeStart(const Options& options) {
  if (options.lesson.empty() || (options.export_dir.empty() && options.video.empty()))
    return kExitOk;
  LessonPlayer probe;
  if (const std::string error = probe.Open(LessonPath(options.lesson)); !error.empty()) {
    std::fprintf(stderr, "partlab: %s\n", error.c_str());
    return kExitBadInput;
  }
  return kExitOk;
}

int LessonSession::Start(LessonHost& host) {
  const Options& options = host.options();
  names_ = LessonNames();
  if (options.lesson.empty()) return kExitOk;  // a --video of a view's run is not a lesson's
  mode_ = !options.export_dir.empty() ? Mode::kExport
          : !options.video.empty()    ? Mode::kVideo
                                      : Mode::kInteractive;
  // Exported pictures and videos are in presenter mode: the scene, the view's figures (unless
  // --no-figures) and the caption, no panels.
  presenter_ = mode_ != Mode::kInteractive || options.presenter;
  window_open_ = true;
  if (mode_ == Mode::kExport) {
    export_dir_ = options.export_dir;
    std::error_code ec;
    std::filesystem::create_directories(export_dir_, ec);
    if (ec) {
      std::fprintf(stderr, "partlab: %s: cannot create the folder (%s)\n", export_dir_.c_str(),
                   ec.message().c_str());
      return kExitRuntimeError;
    }
    frames_per_step_ = kExportFramesPerStep;
    host.SetFixedFrameSeconds(0.0);  // the picture is the state the actions left
  } else if (mode_ == Mode::kVideo) {
    frames_per_step_ = int(options.hold_seconds * VideoRecorder::kFramesPerSecond + 0.5);
    host.SetFixedFrameSeconds(1.0 / VideoRecorder::kFramesPerSecond);
  }
  if (const std::string error = player_.Open(LessonPath(options.lesson)); !error.empty()) {
    std::fprintf(stderr, "partlab: %s\n", error.c_str());
    if (mode_ != Mode::kInteractive) return kExitBadInput;
    error_ = error;
    return kExitOk;
  }
  const int count = int(player_.lesson().steps.size());
  if (options.lesson_step > count) {
    std::fprintf(stderr, "partlab: --step %d: %s has %d steps\n", options.lesson_step,
                 player_.lesson().file.c_str(), count);
    return kExitBadInput;
  }
  first_step_ = std::max(options.lesson_step - 1, 0);
  Show(host, first_step_);
  if (step_failed_ && mode_ != Mode::kInteractive) return kExitRuntimeError;
  return kExitOk;
}

void LessonSession::Show(LessonHost& host, int step) {
  error_ = player_.ShowStep(host, step, mode_ != Mode::kInteractive);
  step_failed_ = !error_.empty();
  frames_in_step_ = 0;
  raise_.Request();
  if (step_failed_) std::fprintf(stderr, "partlab: %s\n", error_.c_str());
  NoteEnglishFallback(step);
  // Interactively, one line per step shown (the keys' and buttons' trace, for a presenter's log
  // and the lesson keys' test); an export names each step's picture instead.
  const Lesson& lesson = player_.lesson();
  if (mode_ == Mode::kInteractive && step >= 0 && step < int(lesson.steps.size())) {
    std::printf("partlab: %s: step %d of %zu: %s\n", lesson.name.c_str(), step + 1,
                lesson.steps.size(), lesson.steps[size_t(step)].title.c_str());
    std::fflush(stdout);
  }
}

// Shown in Portuguese, a step whose file writes no Portuguese text (a user's own lesson in English)
// plays in English; the presenter's log says so, naming the step's line.
void LessonSession::NoteEnglishFallback(int step) const {
  const Lesson& lesson = player_.lesson();
  if (ShownLessonLanguage() != LessonLanguage::kPortuguese || step < 0 ||
      step >= int(lesson.steps.size()))
    return;
  const LessonStep& s = lesson.steps[size_t(step)];
  if (StepLacksPortuguese(s))
    std::fprintf(stderr, "partlab: %s:%d: %s\n", lesson.file.c_str(), s.line,
                 _("the step has no Portuguese text (title_pt, caption_pt, section_pt): shown in "
                   "English"));
}

// The window's chooser: the lesson played so far stays when the new one does not load.
void LessonSession::OpenLesson(LessonHost& host, const std::string& name_or_path) {
  const std::string error = player_.Open(LessonPath(name_or_path));
  if (!error.empty()) {
    error_ = error;
    std::fprintf(stderr, "partlab: %s\n", error.c_str());
    return;
  }
  Show(host, 0);
}

void LessonSession::ApplyPending(LessonHost& host) {
  if (!pending_lesson_.empty()) {
    OpenLesson(host, pending_lesson_);
    pending_lesson_.clear();
  }
  if (pending_step_ >= 0) Show(host, pending_step_);
  pending_step_ = -1;
}

int LessonSession::FinishExport() {
  const Lesson& lesson = player_.lesson();
  // The index in the UI's language, as the pictures' captions are.
  if (const std::string error =
          WriteLessonIndex(LessonAsShown(lesson), export_dir_, first_step_, ShownLessonLanguage());
      !error.empty()) {
    std::fprintf(stderr, "partlab: %s\n", error.c_str());
    return kExitRuntimeError;
  }
  std::printf("partlab: exported %zu steps of %s to %s (index.md, index.html)\n",
              lesson.steps.size() - size_t(first_step_), lesson.name.c_str(), export_dir_.c_str());
  return kExitOk;
}

int LessonSession::AfterFrame(LessonHost& host) {
  if (mode_ == Mode::kInteractive) return -1;
  // A claim that does not hold fails the run: an export must not illustrate a false statement.
  if (step_failed_) return kExitRuntimeError;
  if (++frames_in_step_ < frames_per_step_) return -1;
  const int step = player_.step();
  if (mode_ == Mode::kExport) {
    const glm::ivec2 size = host.FramebufferSize();
    const int w = size.x, h = size.y;
    const std::string path = export_dir_ + "/" + LessonStepImageName(step);
    if (const std::string error = WriteBackBufferPng(path, w, h); !error.empty()) {
      std::fprintf(stderr, "partlab: %s\n", error.c_str());
      return kExitRuntimeError;
    }
    std::printf("partlab: wrote %s (%dx%d; the caption band from y = %d)\n", path.c_str(), w, h,
                int(caption_top_));
  }
  if (step + 1 < int(player_.lesson().steps.size())) {
    pending_step_ = step + 1;
    return -1;
  }
  return mode_ == Mode::kExport ? FinishExport() : kExitOk;
}

}  // namespace partlab
