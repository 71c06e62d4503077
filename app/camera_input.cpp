#include "app/camera_input.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

namespace partlab {

namespace {

// Mouse gestures, in window points (so the feel is the same on a HiDPI screen).
bool ApplyMouse(OrbitCamera& camera, const ImGuiIO& io) {
  if (io.WantCaptureMouse) return false;
  const glm::vec2 delta(io.MouseDelta.x, io.MouseDelta.y);
  const bool moved = delta.x != 0.0f || delta.y != 0.0f;
  bool changed = false;
  const bool pan = ImGui::IsMouseDown(ImGuiMouseButton_Right) ||
                   ImGui::IsMouseDown(ImGuiMouseButton_Middle) ||
                   (io.KeyShift && ImGui::IsMouseDown(ImGuiMouseButton_Left));
  if (moved && pan) {
    camera.Pan(delta.x, delta.y, io.DisplaySize.y);
    changed = true;
  } else if (moved && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    camera.Orbit(delta.x, delta.y);
    changed = true;
  }
  if (io.MouseWheel != 0.0f) {
    camera.Zoom(io.MouseWheel);
    changed = true;
  }
  return changed;
}

// Held keys move the camera at a steady rate, whatever the frame rate.
bool ApplyHeldKeys(OrbitCamera& camera, const ImGuiIO& io, float dt) {
  const float px = 300.0f * dt;  // as if the mouse moved 300 points per second
  const float dx = float(ImGui::IsKeyDown(GLFW_KEY_RIGHT) - ImGui::IsKeyDown(GLFW_KEY_LEFT));
  const float dy = float(ImGui::IsKeyDown(GLFW_KEY_DOWN) - ImGui::IsKeyDown(GLFW_KEY_UP));
  const float zoom =
      float(ImGui::IsKeyDown(GLFW_KEY_PAGE_UP) + ImGui::IsKeyDown(GLFW_KEY_EQUAL) +
            ImGui::IsKeyDown(GLFW_KEY_KP_ADD) - ImGui::IsKeyDown(GLFW_KEY_PAGE_DOWN) -
            ImGui::IsKeyDown(GLFW_KEY_MINUS) - ImGui::IsKeyDown(GLFW_KEY_KP_SUBTRACT));
  if (dx == 0.0f && dy == 0.0f && zoom == 0.0f) return false;
  if (io.KeyShift)
    camera.Pan(-dx * px, -dy * px, io.DisplaySize.y);
  else
    camera.Orbit(-dx * px, -dy * px);
  camera.Zoom(zoom * 4.0f * dt);
  return true;
}

}  // namespace

InputActions ReadInput(OrbitCamera& camera, float dt, std::optional<glm::vec2> double_click_at) {
  const ImGuiIO& io = ImGui::GetIO();
  InputActions actions;
  actions.camera_moved = ApplyMouse(camera, io);
  if (double_click_at && !io.WantCaptureMouse) {
    actions.pick = true;  // picking works in framebuffer pixels, not window points
    actions.pick_pixel = glm::vec2(double_click_at->x * io.DisplayFramebufferScale.x,
                                   double_click_at->y * io.DisplayFramebufferScale.y);
  }
  if (io.WantCaptureKeyboard) return actions;
  actions.camera_moved |= ApplyHeldKeys(camera, io, dt);
  actions.frame_model = ImGui::IsKeyPressed(GLFW_KEY_F, false);
  actions.reload_shaders = ImGui::IsKeyPressed(GLFW_KEY_R, false);
  actions.toggle_vsync = ImGui::IsKeyPressed(GLFW_KEY_V, false);
  actions.toggle_grid = ImGui::IsKeyPressed(GLFW_KEY_G, false);
  actions.toggle_wireframe = ImGui::IsKeyPressed(GLFW_KEY_W, false);
  actions.toggle_help =
      ImGui::IsKeyPressed(GLFW_KEY_H, false) || ImGui::IsKeyPressed(GLFW_KEY_F1, false);
  actions.save_screenshot = ImGui::IsKeyPressed(GLFW_KEY_P, false);
  actions.quit = io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Q, false);
  if (ImGui::IsKeyPressed(GLFW_KEY_1, false)) actions.lighting_model = 0;
  if (ImGui::IsKeyPressed(GLFW_KEY_2, false)) actions.lighting_model = 1;
  return actions;
}

}  // namespace partlab
