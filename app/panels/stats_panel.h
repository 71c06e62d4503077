// The Stats panel: the GL driver, FPS, CPU and GPU frame times, a rolling frame-time plot, the
// model's size and the overlay batches. It only reads numbers other parts already keep.
#pragma once

#include <string>

#include "app/frame_stats.h"
#include "app/model_library.h"

namespace partlab {

struct GlInfo {
  std::string vendor, renderer, version;
};

struct StatsPanelInput {
  const FrameStats& stats;
  const GlInfo& gl;
  const CurrentModel& model;
  size_t overlay_lines, overlay_points, overlay_triangles;
  int overlay_draw_calls;
  bool idle;
  int msaa;  // samples per pixel  // the loop is sleeping between events: the FPS shown is not the
             // renderer's
};

// `vsync` is a checkbox here; returns true when the user toggled it.
bool DrawStatsPanel(const StatsPanelInput& in, bool& vsync, bool* open);

// Where a view's right-hand column of windows (Portals, Dynamics, Path finding) first opens, so as
// to sit under the Stats panel (top right): 0.29 of the work area's height, or below the panel's
// usual height in lines where the window is short. Display coordinates.
float BelowStatsPanelY();

}  // namespace partlab
