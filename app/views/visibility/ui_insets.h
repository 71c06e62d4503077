// Where this frame's UI covers the scene along the window's edges, so the Visibility view can lay
// its two pictures out in what is left: the Scene panel down the left side when it is shown, and
// a band across the bottom when one is (a lesson's presenter caption). Read from ImGui's windows
// after ImGui::Render(), in framebuffer pixels; zero where nothing covers that edge.
#pragma once

namespace partlab {

struct UiInsets {
  int left = 0;    // up to the right edge of a tall window touching the left border
  int bottom = 0;  // the height of a wide window touching the bottom border
};

UiInsets CoveredEdges();

}  // namespace partlab
