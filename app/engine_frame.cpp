// The chapter's redraw (papers/visualization-simulation-games.txt, section 3.2.2): "a
// configuração da câmera, limpeza da tela com a cor de fundo, ajuste dos estados de renderização,
// desenho dos polígonos que compõem o modelo geométrico dos atores", then the overlays and the UI
// the panels built before it (PrepareFrame). The swap of buffers is MainLoop's.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include "app/engine_steps.h"
#include "app/panels/help_panel.h"
#include "app/panels/status_bar.h"
#include "app/render/render_state.h"
#include "app/ui_opaque_windows.h"
#include "engine/view/ground_grid.h"

namespace partlab {

namespace {

// What a view is lent to prepare or draw the frame.
RenderContext ViewContext(const Engine& engine, const FrameMatrices& frame) {
  return {engine.camera, frame.matrices, frame.framebuffer_size, *engine.renderer, engine.style};
}

void DrawPanels(Engine& engine) {
  // Presenter mode (lessons): the scene, the view's figures above the caption band (View::
  // DrawFigures, called by the session) and the caption. Not the view's windows: they hold its
  // controls, status bar and tooltips as well as its figures, and would cover the caption.
  engine.lessons.DrawUi(engine.lesson_host);
  if (engine.lessons.presenter()) return;
  if (DrawHelpPanel(&engine.show_help)) engine.welcome.Toggle();
  const StatsPanelInput stats{engine.stats,
                              engine.gl,
                              engine.model,
                              engine.overlay_lines,
                              engine.overlay_points,
                              engine.overlay_triangles,
                              engine.overlays->draw_calls_last_flush(),
                              engine.idle,
                              engine.msaa};
  if (DrawStatsPanel(stats, engine.vsync, &engine.show_stats))
    glfwSwapInterval(engine.vsync ? 1 : 0);
  SceneCommands commands =
      DrawScenePanel(engine.scene_ui, engine.model, engine.style, *engine.view, &engine.show_scene);
  if (!engine.options.no_ui) {  // --no-ui: a clean render
    engine.view->UpdateWindows();
    DrawViewStatusBar(*engine.view);
  }
  if (commands.switch_view >= 0 || !commands.open_path.empty() || commands.reload_shaders ||
      commands.frame_model) {
    engine.pending.open_path = commands.open_path;
    engine.pending.switch_view = commands.switch_view;
    engine.pending.reload_shaders |= commands.reload_shaders;
    engine.pending.frame_model |= commands.frame_model;
  }
  const WelcomeChoice welcome = engine.welcome.Draw(engine.scene_ui.view_index);
  if (welcome.view >= 0) engine.pending.switch_view = welcome.view;
  if (!welcome.lesson.empty()) engine.lessons.OpenWithWindow(welcome.lesson);
}

}  // namespace

FrameMatrices CurrentFrameMatrices(const Engine& engine) {
  int w = 1, h = 1;
  glfwGetFramebufferSize(engine.window, &w, &h);
  return {{engine.camera.ViewMatrix(), engine.camera.ProjectionMatrix(float(w) / float(h)),
           engine.camera.distance},
          glm::vec2(w, h)};
}

void PrepareFrame(Engine& engine, const FrameMatrices& frame) {
  DrawPanels(engine);
  ImGui::Render();
  OpaqueWindowRects(engine.ui_rects);
  engine.view->Prepare(ViewContext(engine, frame), *engine.overlays);
}

// Section 3.2.2, the render function: configure the camera, clear the screen, set the render
// states, draw the actors' polygons, then the overlays and the UI (built by PrepareFrame). The swap
// is MainLoop's.
void RenderScene(Engine& engine, const FrameMatrices& frame) {
  const glm::vec2 size = frame.framebuffer_size;
  // Clear, then the backdrop gradient.
  engine.gpu_timer->Begin();
  ClearFrame(int(size.x), int(size.y));
  // The panels' opaque rectangles first, at the nearest depth: nothing of the scene is shaded
  // under them (on llvmpipe, a third of the window's pixels with the panels open).
  engine.ui_mask->Draw(engine.ui_rects, size);
  engine.renderer->DrawBackdrop(kBackdropTop, kBackdropBottom);
  // Render state for the actors.
  SetActorRenderState();
  // The actors: the current view draws its meshes and describes its overlays.
  engine.view->Render(ViewContext(engine, frame), *engine.overlays);
  // Overlays: one batched draw call per primitive kind.
  if (engine.scene_ui.show_grid) DrawGroundGrid(*engine.overlays, engine.model.bounds());
  engine.overlay_lines = engine.overlays->line_count();
  engine.overlay_points = engine.overlays->point_count();
  engine.overlay_triangles = engine.overlays->triangle_count();
  const CameraMatrices& m = frame.matrices;
  engine.renderer->FlushOverlays(*engine.overlays, m.projection * m.view);
  // UI last, on top of everything.
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  engine.gpu_timer->End();
}

}  // namespace partlab
