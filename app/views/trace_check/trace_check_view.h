// The Trace check view: debug your own broad phase frame by frame. A game's recording (AABBTRC1,
// --trace FILE, with the game's own pairs PAIRS001 beside it when they were recorded) is replayed
// through a chosen broad phase, a plugin loaded with --plugin or one of ours, and every frame's
// pairs are compared with brute force's (engine/plugins/trace_check.h). A timeline marks the
// frames that differ; N (or the button) jumps to the next one, Shift+N to the first. On that
// frame the boxes of a missing pair are drawn red, those of an extra pair blue, with their ids,
// inside the algorithm's own drawing of its structure; the panel lists the differing pairs and
// exports the smallest cut of the trace that still goes wrong, as a small AABBTRC1 file.
#pragma once

#include <array>
#include <glm/mat4x4.hpp>
#include <string>

#include "app/panels/clamped_widgets.h"
#include "app/view.h"
#include "app/views/trace_check/trace_check_overlay.h"
#include "engine/plugins/trace_check.h"

namespace partlab::trace_check {

class TraceCheckView final : public View {
 public:
  explicit TraceCheckView(AppContext& app);

  void Step(float dt) override;
  void Render(const RenderContext& ctx, DebugDraw& draw) override;
  void UpdateGui() override;      // trace_check_panel.cpp
  void UpdateWindows() override;  // keys, and the ids written on the scene
  void DrawFigures(const FigureArea& area) override;
  bool Animating() const override { return playing_; }
  std::string MeasuredRunReport() const override;

  // Lessons (trace_check_lesson_verbs.cpp): moving between wrong frames, and checks of the
  // wrong frames against a brute force of their own.
  std::string RunLessonAction(const LessonCommand& action) override;
  std::string CheckLessonClaim(const LessonCommand& check) override;
  static std::span<const LessonVerbRow<TraceCheckView>> LessonVerbTable();

 private:
  // Reads the trace (and the pairs file beside it, if any) and checks it with the algorithm;
  // errors go to the status bar and stderr, one line naming the file.
  void Open(const std::string& trace_path);
  void ChooseAlgorithm(const std::string& name);
  void Seek(long frame);
  void JumpToWrongFrame(bool first);
  void ExportRepro(const std::string& path);
  void ApplyPreset(const std::string& words);
  // --plugin-param NAME=VALUE (and a lesson's plugin-param): "" or what is wrong.
  std::string SetPluginParam(const std::string& assignment);
  // The panel's parts (trace_check_panel.cpp).
  void TraceRow();
  void AlgorithmRow();
  void Timeline();
  void DifferenceList();
  void ExportRow();
  void HandleKeys();
  // One line: the algorithm, the trace, how many frames differ, the first, the current frame's
  // differences (printed at the end of a --frames or --screenshot run).
  std::string Summary() const;
  // The wrong frames of the current algorithm (with its parameters) by a replay and an
  // all-pairs overlap test of each frame, independent of TraceCheck; "" or why it cannot.
  std::string WrongFramesByBruteForce(std::vector<uint32_t>& wrong) const;
  std::string CheckWrongFrames(const LessonCommand& check) const;
  std::string CheckFirstWrongFrame(const LessonCommand& check) const;

  AppContext& app_;
  TraceCheck check_;
  std::string trace_path_;
  std::string pairs_path_;  // "" when the trace has no pairs file beside it
  std::string algorithm_;
  OverlayOptions overlay_;
  bool playing_ = false;
  float play_seconds_ = 0.0f;           // time since the last frame shown while playing
  float frames_per_second_ = 10.0f;     // playback speed
  bool follow_ = true;                  // the camera frames the differences on every jump
  bool frame_camera_ = false;           // frame the camera on the next Render (needs the aspect)
  glm::mat4 view_projection_{1.0f};     // the last Render's, for the ids written on the scene
  std::array<char, 512> path_field_{};  // the panel's trace path
  std::array<char, 512> export_field_{};
  std::string export_status_;   // what the last export wrote, or why it could not
  std::string replay_command_;  // the command replaying the last export with its parameters
  ClampNote clamp_note_;        // a plugin parameter typed outside its range
};

}  // namespace partlab::trace_check
