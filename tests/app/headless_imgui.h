// A Dear ImGui context with no renderer and no window, for the tests of the app's UI helpers: a
// 1280x720 display at scale 1, no .ini file, and the font atlas built (ImGui asserts without it).
// One per test: the context is created with the fixture and destroyed with it.
#pragma once

#include <imgui.h>

namespace partlab {

class HeadlessImGui {
 public:
  HeadlessImGui() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1280, 720);
    io.DisplayFramebufferScale = ImVec2(1, 1);
    io.IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  ~HeadlessImGui() { ImGui::DestroyContext(); }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;
};

}  // namespace partlab
