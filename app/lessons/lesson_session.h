// What the app does with lessons, beside its main loop (app/engine_loop.cpp calls the hooks):
//   interactive  the Lessons window (choose, back and forth, step list, caption) and presenter
//                mode (the scene, the view's figures and a large caption; F5 toggles it);
//   --export DIR every step drawn headless in presenter mode to DIR/step-NN.png, then
//                DIR/index.md and DIR/index.html; a failed check ends the run with exit code 1;
//   --video F    every step held a few seconds in presenter mode while frames go to ffmpeg.
#pragma once

#include <string>
#include <vector>

#include "app/exit_codes.h"
#include "app/lessons/lesson_host.h"
#include "app/lessons/lesson_player.h"
#include "app/lessons/step_image.h"
#include "app/panels/window_raise.h"

namespace partlab {

// A headless lesson run (--export, --video) reads the lesson before any window opens, so a bad
// file is reported without needing a display. kExitOk, or kExitBadInput after one line.
int CheckLessonBeforeStart(const Options& options);

class LessonSession {
 public:
  enum class Mode { kInteractive, kExport, kVideo };

  // Opens options.lesson (when given) and shows its first step. Returns kExitOk, or an exit code
  // after printing one line (a bad lesson in an export or a video run).
  int Start(LessonHost& host);
  // The Lessons window, or in presenter mode the caption alone; also reads the lesson keys.
  void DrawUi(LessonHost& host);
  bool presenter() const { return presenter_; }
  void ToggleWindow() {
    window_open_ = !window_open_;
    raise_.Request();
  }
  // Opens a lesson between frames, as the window's chooser does (the Welcome window's lessons).
  void OpenWithWindow(const std::string& name) {
    pending_lesson_ = name;
    window_open_ = true;
  }
  // After the frame is drawn, before it is shown: exports the step's picture when it has
  // settled, and says when the run is over. -1 to go on, else the process exit code.
  int AfterFrame(LessonHost& host);
  // Between frames: the step the window, the keys or the export asked for.
  void ApplyPending(LessonHost& host);

 private:
  void Show(LessonHost& host, int step);
  void NoteEnglishFallback(int step) const;
  void OpenLesson(LessonHost& host, const std::string& name_or_path);
  int FinishExport();
  void DrawWindow();
  void ReadKeys();
  // The step's picture (StepImage); a problem with it is reported once, as the step's error.
  void DrawStepImage(const FigureArea* area);

  Mode mode_ = Mode::kInteractive;
  LessonPlayer player_;
  std::string error_;  // the last problem (red in the window and the caption)
  bool step_failed_ = false;
  bool presenter_ = false;
  bool window_open_ = false;
  // The window comes to the front when it opens and when a step is shown: a step may switch
  // views, whose new windows would otherwise cover the caption the class is reading.
  WindowRaise raise_;
  int pending_step_ = -1;       // the step to build between frames
  std::string pending_lesson_;  // the lesson to open between frames
  int frames_in_step_ = 0;      // frames drawn since the step was built
  float caption_top_ = -1.0f;   // presenter mode: the caption band's top edge, last frame
  // Before the caption has been drawn once: where its top edge usually is, as a share of the
  // frame's height (three lines of caption, a title and a section).
  static constexpr float kFirstCaptionTop = 0.7f;
  int frames_per_step_ = 0;  // export: frames before the picture; video: the hold
  std::string export_dir_;
  int first_step_ = 0;              // --step N - 1
  std::vector<std::string> names_;  // the shipped lessons, for the chooser
  StepImage step_image_;            // the step's `image`, when it has one
};

}  // namespace partlab
