// Mouse and keys -> camera gestures and app commands, read from ImGui's input state (the GLFW
// backend already collects it) so a click on a panel never moves the camera.
// The Help window (panels/help_panel.cpp) lists the same bindings; keep them in step.
#pragma once

#include <optional>

#include <glm/vec2.hpp>

#include "engine/view/orbit_camera.h"

namespace partlab {

struct InputActions {
  bool frame_model = false;       // F
  bool reload_shaders = false;    // R
  bool toggle_vsync = false;      // V
  bool toggle_grid = false;       // G
  bool toggle_wireframe = false;  // W
  bool toggle_help = false;       // H or F1
  bool save_screenshot = false;   // P
  bool quit = false;              // Ctrl+Q
  int lighting_model = -1;        // 1, 2: select a lighting model (index)
  bool pick = false;              // double-click: pick at pick_pixel (framebuffer pixels)
  glm::vec2 pick_pixel{0.0f};
  bool camera_moved = false;  // any gesture this frame (keeps the loop awake)
};

// Applies this frame's mouse drags, wheel and held keys to the camera; returns the commands.
// double_click_at: the window point of a double click since the last frame (app/double_click.h),
// which picks unless it was on a panel.
InputActions ReadInput(OrbitCamera& camera, float dt, std::optional<glm::vec2> double_click_at);

}  // namespace partlab
