// Brings one ImGui window to the front for the next few frames, e.g. the Lessons window after a
// step is shown. Two frames, because a step may switch views: the new view's windows are created
// after the raised window in their first frame, and a window ImGui creates goes on top of those
// begun before it; the second frame's focus puts the raised window above them.
#pragma once

#include <imgui.h>

namespace partlab {

class WindowRaise {
 public:
  static constexpr int kFrames = 2;
  // The window comes to the front on each of its next `frames` Begin calls.
  void Request(int frames = kFrames) { frames_ = frames; }
  // Call right before the window's ImGui::Begin.
  void BeforeBegin() {
    if (frames_ <= 0) return;
    ImGui::SetNextWindowFocus();
    --frames_;
  }

 private:
  int frames_ = 0;
};

}  // namespace partlab
