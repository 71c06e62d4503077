#include "app/views/pathfinding/fsm_panel.h"

#include <imgui.h>

#include <cmath>

#include "app/views/pathfinding/pathfinding_overlay.h"
#include "engine/ai/predator_decoupled.h"

namespace partlab {

namespace {

ImU32 ToU32(const Color& c, float alpha = 1.0f) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a * alpha));
}

ImVec2 Add(ImVec2 a, ImVec2 b) {
  return {a.x + b.x, a.y + b.y};
}
ImVec2 Sub(ImVec2 a, ImVec2 b) {
  return {a.x - b.x, a.y - b.y};
}
ImVec2 Mul(ImVec2 a, float s) {
  return {a.x * s, a.y * s};
}

// Where each state sits in the diagram, as fractions of the canvas: wait left, chase top,
// attack right, die below.
const ImVec2 kNodeAt[ai::kPredatorStates] = {
    {0.11f, 0.45f}, {0.50f, 0.14f}, {0.89f, 0.45f}, {0.50f, 0.86f}};

// An arrow between two circles, bent to the left of its direction so that the two arrows of a
// pair (chase <-> attack) do not overlap.
void Arrow(ImDrawList* dl, ImVec2 a, ImVec2 b, float radius, ImU32 color, const char* label) {
  const ImVec2 d = Sub(b, a);
  const float len = std::sqrt(d.x * d.x + d.y * d.y);
  if (len < 1) return;
  const ImVec2 u = Mul(d, 1.0f / len), n = {u.y, -u.x};
  const ImVec2 mid = Add(Add(a, Mul(d, 0.5f)), Mul(n, 26.0f));
  const ImVec2 p0 = Add(a, Mul(Sub(mid, a), radius / len * 2.0f));
  const ImVec2 tip = Sub(b, Mul(Sub(b, mid), radius / len * 2.0f));
  dl->AddBezierQuadratic(p0, mid, tip, color, 2.0f);
  const ImVec2 back = Sub(tip, mid);
  const float bl = std::sqrt(back.x * back.x + back.y * back.y);
  const ImVec2 bu = Mul(back, 1.0f / bl), bn = {bu.y, -bu.x};
  dl->AddTriangleFilled(tip, Add(Sub(tip, Mul(bu, 10)), Mul(bn, 5)),
                        Sub(Sub(tip, Mul(bu, 10)), Mul(bn, 5)), color);
  const ImVec2 ts = ImGui::CalcTextSize(label);
  dl->AddText(Sub(Add(mid, Mul(n, 8.0f)), Mul(ts, 0.5f)), IM_COL32(220, 220, 220, 255), label);
}

void Diagram(ai::PredatorState current, bool has_selection) {
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 size(ImGui::GetContentRegionAvail().x, 290.0f);
  ImGui::InvisibleButton("fsm_diagram", size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(origin, Add(origin, size), IM_COL32(25, 27, 32, 255), 4.0f);
  auto at = [&](int s) {
    return Add(origin, ImVec2(kNodeAt[s].x * size.x, kNodeAt[s].y * size.y));
  };
  const float radius = 28.0f;
  const auto& t = ai::PredatorTransitions();
  for (int s = 0; s < ai::kPredatorStates; ++s)
    for (int i = 0; i < ai::kPredatorInputs; ++i) {
      const int to = int(t[s][i]);
      if (to == s) continue;
      Arrow(dl, at(s), at(to), radius, IM_COL32(170, 175, 185, 255),
            ai::PredatorInputName(static_cast<ai::PredatorInput>(i)));
    }
  for (int s = 0; s < ai::kPredatorStates; ++s) {
    const auto state = static_cast<ai::PredatorState>(s);
    const bool on = has_selection && state == current;
    const Color c = StateColor(state);
    dl->AddCircleFilled(at(s), radius, ToU32(c, on ? 1.0f : 0.25f), 32);
    dl->AddCircle(at(s), radius + (on ? 4.0f : 0.0f), on ? IM_COL32(255, 255, 255, 255) : ToU32(c),
                  32, on ? 3.0f : 1.5f);
    const char* name = ai::PredatorStateName(state);
    dl->AddText(Sub(at(s), Mul(ImGui::CalcTextSize(name), 0.5f)), IM_COL32(255, 255, 255, 255),
                name);
  }
}

}  // namespace

void PredatorFsmWindow(const PredatorWorld& world, int& selected) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x - 490, display.y - 560), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(480, 540), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Predator state machine (fig. 3.15)")) {
    ImGui::End();
    return;
  }
  const auto& predators = world.predators();
  if (selected >= static_cast<int>(predators.size())) selected = -1;
  if (selected < 0 && !predators.empty()) selected = 0;
  ImGui::SetNextItemWidth(120);
  if (ImGui::BeginCombo("Predator", selected >= 0 ? std::to_string(selected).c_str() : "-")) {
    for (const Predator& p : predators)
      if (ImGui::Selectable(std::to_string(p.id).c_str(), p.id == selected)) selected = p.id;
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Also: double-click a predator with the 'Select predator' tool.");
  const Predator* p = selected >= 0 ? &predators[selected] : nullptr;
  if (p) {
    ImGui::SameLine();
    ImGui::Text("%s, health %.0f%%, %s",
                p->alive ? ai::PredatorStateName(p->shown_state) : "destroyed (respawns)",
                100.0 * p->health, p->brain ? p->brain->Implementation() : "");
  }
  Diagram(p ? p->shown_state : ai::PredatorState::kWait, p && p->alive);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Figure 3.15 (section 3.4.2): a Moore machine. Arrows are the transition function "
        "T(s, i) labelled with the input symbol; 'life ends' leads to die from every state.");
  ImGui::Text("Transition log (section 3.4.2: the direct mode cannot log)");
  ImGui::BeginChild("fsm_log", ImVec2(0, 0), true);
  if (p) {
    const int n = std::min<int>(p->log_count, static_cast<int>(p->log.size()));
    for (int k = 0; k < n; ++k) {
      const TransitionRecord& r = p->log[(p->log_count - 1 - k) % p->log.size()];
      ImGui::Text("%7.2f s  %-6s -> %s", r.time, ai::PredatorStateName(r.from),
                  ai::PredatorStateName(r.to));
    }
    if (n == 0) ImGui::TextDisabled("no transition yet");
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace partlab
