// The two pieces of GL state a view needs to draw several cameras into one frame (the visibility
// view's split screen) and to show the painter's algorithm with the Z-buffer off.
#pragma once

namespace partlab {

// A rectangle of the framebuffer in GL's convention: origin at the bottom-left, in pixels.
struct PixelRect {
  int x = 0, y = 0, width = 0, height = 0;
  float Aspect() const { return height > 0 ? float(width) / float(height) : 1.0f; }
};

void SetViewport(const PixelRect& rect);  // also restricts clears to it (scissor)
void ClearDepthOnly(const PixelRect& rect);
void SetDepthTest(bool enabled);

}  // namespace partlab
