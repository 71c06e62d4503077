// Where the UI hides the 3D view: the rectangles of this frame's windows whose background is
// opaque (the panels under a software rasteriser, ui_style.cpp), for ScreenDepthMask. Call it
// after ImGui::Render(), before the scene is drawn.
#pragma once

#include <vector>

#include "app/render/screen_rect.h"

namespace partlab {

// Replaces `out` with one rectangle per visible, expanded top-level window whose background is
// opaque, in framebuffer pixels, inset by the window's corner rounding (the scene shows at rounded
// corners). Translucent windows (a GPU's 88 % panels, a legend) are left out: the scene must show
// through them.
void OpaqueWindowRects(std::vector<ScreenRect>& out);

}  // namespace partlab
