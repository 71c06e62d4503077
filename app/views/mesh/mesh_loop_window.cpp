// The engine skeleton of section 3.2.2 as this app runs it, drawn beside the model: the chapter's
// four functions, the app's steps inside each (app/engine_loop.cpp), and how many times MainLoop
// has called the view's hooks so far, with the intervals between frames.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <initializer_list>

#include "app/i18n/translate.h"
#include "app/panels/figure_area.h"
#include "app/views/mesh/mesh_view.h"

namespace partlab::mesh_view {

// The interval since the previous RenderScene, into the ring the plot reads.
void MeshView::RecordFrame() {
  ++renders_;
  const Clock::time_point now = Clock::now();
  if (renders_ > 1) {
    frame_ms_[size_t(next_frame_)] =
        float(std::chrono::duration<double, std::milli>(now - last_render_).count());
    next_frame_ = (next_frame_ + 1) % int(frame_ms_.size());
  }
  last_render_ = now;
}

namespace {

// One of the chapter's functions: its name, then what the app does there, one line each.
void Stage(const char* name, std::initializer_list<const char*> lines) {
  ImGui::TextColored(ImVec4(1.0f, 0.78f, 0.35f, 1.0f), "%s", name);
  ImGui::Indent();
  for (const char* line : lines) ImGui::TextUnformatted(line);
  ImGui::Unindent();
}

}  // namespace

void MeshView::FrameIntervalPlot(float pad) const {
  // Only the slots written so far: the ring starts out as zeros.
  const long intervals = std::clamp(renders_ - 1, 1L, long(frame_ms_.size()));
  const auto [low, high] = std::minmax_element(frame_ms_.begin(), frame_ms_.begin() + intervals);
  char label[64];
  std::snprintf(label, sizeof label, _("frame intervals, %.1f-%.1f ms"), *low, *high);
  ImGui::PlotLines("##frames", frame_ms_.data(), int(frame_ms_.size()), next_frame_, label, 0.0f,
                   std::max(1.0f, *high * 1.2f), ImVec2(pad * 20, pad * 3));
}

void MeshView::LoopWindow(const FigureArea& area) {
  if (BeginFigureWindow("##engine skeleton", area, FigureCorner::kTopRight)) {
    const float pad = ImGui::GetFontSize();
    ImGui::TextUnformatted(_("The engine skeleton (3.2.2), as partlab runs it"));
    ImGui::Separator();
    Stage("InitEngine()",
          {_("window + OpenGL 3.3 context (GLFW)"), _("GL state: depth test, clear colour"),
           _("UI, shaders, the model and this view")});
    Stage("MainLoop()", {_("events: keys and mouse move the camera")});
    ImGui::Indent();
    ImGui::Text(_("fixed steps (RunPhysics, RunAI): %ld, %.3f s simulated"), steps_,
                simulated_seconds_);
    ImGui::Text(_("frames prepared: %ld"), prepares_);
    ImGui::Unindent();
    Stage("RenderScene()", {_("camera, clear, render states"), _("the actors: this model"),
                            _("overlays, UI; swap")});
    ImGui::Indent();
    ImGui::Text(_("called %ld times; lighting: %s"), renders_, lighting_);
    // The intervals between frames only with the panels: presenter mode keeps the figure to
    // the chapter's functions (room above the caption), and an export's intervals are not a
    // frame rate.
    if (!area.presenter) FrameIntervalPlot(pad);
    ImGui::Unindent();
    Stage("ReleaseEngine()", {_("free everything, in the reverse order of InitEngine")});
  }
  EndFigureWindow(area);
}

}  // namespace partlab::mesh_view
