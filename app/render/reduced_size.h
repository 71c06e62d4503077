// The framebuffer size a view draws at while the camera moves ("interactive subsampling", as
// ParaView calls it): under a software rasteriser the cost of lines and triangles grows with the
// pixels they cover, so a picture drawn at a fraction f of the width and height (about f*f of the
// pixels) and stretched over the window keeps the frame rate up; the still picture is drawn whole.
// GL-free: tests/app/reduced_size_test.cpp checks it.
#pragma once

#include <algorithm>
#include <cmath>

namespace partlab {

// `pixels` scaled by `factor` (clamped to 0..1; NaN counts as 1), rounded, never below 1 pixel
// and never above `pixels` (a window of 0 pixels stays 0: nothing is drawn).
inline int ReducedExtent(int pixels, float factor) {
  if (pixels <= 0) return 0;
  factor = std::isnan(factor) ? 1.0f : std::clamp(factor, 0.0f, 1.0f);
  const long scaled = std::lround(double(pixels) * double(factor));
  return int(std::clamp(scaled, 1l, long(pixels)));
}

}  // namespace partlab
