#include "app/views/pathfinding/fsm_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "app/i18n/translate.h"
#include "app/panels/figure_area.h"
#include "app/panels/stats_panel.h"
#include "app/views/pathfinding/pathfinding_overlay.h"
#include "engine/ai/predator_fsm.h"

namespace partlab {

namespace {

// How many of the followed predator's changes of state the presenter's figure lists.
constexpr int kFigureLogLines = 4;

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

// Figure 3.15 is not in the text: the arrows its listings state are drawn light, the ones we infer
// amber (PredatorFigureArrows).
constexpr ImU32 kStatedArrow = IM_COL32(200, 205, 215, 255);
constexpr ImU32 kInferredArrow = IM_COL32(215, 150, 60, 255);

// The legend of the two kinds of arrow, under the diagram.
void ArrowLegend() {
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kStatedArrow), "%s",
                     _("light: stated in the text"));
  ImGui::SameLine();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kInferredArrow), "%s",
                     _("amber: inferred by us"));
}

// The point of the quadratic Bézier curve p0, control, p1 at parameter t.
ImVec2 BezierAt(ImVec2 p0, ImVec2 control, ImVec2 p1, float t) {
  const float s = 1.0f - t;
  return Add(Add(Mul(p0, s * s), Mul(control, 2.0f * s * t)), Mul(p1, t * t));
}

// An arrow between two circles, bent to the left of its direction so that the two arrows of a
// pair (chase <-> attack) do not overlap. Its label stands beside the curve at `label_t` (0 at
// the tail, 1 at the head).
// `scale`: the figure's text size over the panels' (1 in the window, larger in presenter mode).
void Arrow(ImDrawList* dl, ImVec2 a, ImVec2 b, float radius, float scale, ImU32 color,
           const char* label, float label_t) {
  const ImVec2 d = Sub(b, a);
  const float len = std::sqrt(d.x * d.x + d.y * d.y);
  if (len < 1) return;
  const ImVec2 u = Mul(d, 1.0f / len), n = {u.y, -u.x};
  const ImVec2 mid = Add(Add(a, Mul(d, 0.5f)), Mul(n, 26.0f * scale));
  const ImVec2 p0 = Add(a, Mul(Sub(mid, a), radius / len * 2.0f));
  const ImVec2 tip = Sub(b, Mul(Sub(b, mid), radius / len * 2.0f));
  dl->AddBezierQuadratic(p0, mid, tip, color, 2.0f * scale);
  const ImVec2 back = Sub(tip, mid);
  const float bl = std::sqrt(back.x * back.x + back.y * back.y);
  const ImVec2 bu = Mul(back, 1.0f / bl), bn = {bu.y, -bu.x};
  dl->AddTriangleFilled(tip, Add(Sub(tip, Mul(bu, 10 * scale)), Mul(bn, 5 * scale)),
                        Sub(Sub(tip, Mul(bu, 10 * scale)), Mul(bn, 5 * scale)), color);
  const ImVec2 ts = ImGui::CalcTextSize(label);
  const ImVec2 beside = Add(BezierAt(p0, mid, tip, label_t), Mul(n, 21.0f * scale));
  dl->AddText(Sub(beside, Mul(ts, 0.5f)), IM_COL32(220, 220, 220, 255), label);
}

// Figure 3.15 itself, `size` pixels at the cursor: the window's and the presenter's figure.
void Diagram(ImVec2 size, ai::PredatorState current, bool has_selection) {
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("fsm_diagram", size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float scale = FigureScale();
  dl->AddRectFilled(origin, Add(origin, size), IM_COL32(25, 27, 32, 255), 4.0f * scale);
  auto at = [&](int s) {
    return Add(origin, ImVec2(kNodeAt[s].x * size.x, kNodeAt[s].y * size.y));
  };
  const float radius = 28.0f * scale;
  for (const ai::PredatorArrow& a : ai::PredatorFigureArrows()) {
    const int s = int(a.from), to = int(a.to);
    // The three "life ends" arrows meet at die: their labels stand nearer die, so that the
    // one from chase clears the label of attack -> chase, which crosses the middle.
    const float label_t = to == int(ai::PredatorState::kDie) ? 0.7f : 0.5f;
    Arrow(dl, at(s), at(to), radius, scale, a.stated_in_text ? kStatedArrow : kInferredArrow,
          _(ai::PredatorInputName(a.input)), label_t);
  }
  for (int s = 0; s < ai::kPredatorStates; ++s) {
    const auto state = static_cast<ai::PredatorState>(s);
    const bool on = has_selection && state == current;
    const Color c = StateColor(state);
    dl->AddCircleFilled(at(s), radius, ToU32(c, on ? 1.0f : 0.25f), 32);
    dl->AddCircle(at(s), radius + (on ? 4.0f : 0.0f) * scale,
                  on ? IM_COL32(255, 255, 255, 255) : ToU32(c), 32, (on ? 3.0f : 1.5f) * scale);
    const char* name = _(ai::PredatorStateName(state));
    dl->AddText(Sub(at(s), Mul(ImGui::CalcTextSize(name), 0.5f)), IM_COL32(255, 255, 255, 255),
                name);
  }
}

// The predator's last `max_lines` changes of state, newest first.
void TransitionLines(const Predator& p, int max_lines) {
  const int n = std::min({p.log_count, static_cast<int>(p.log.size()), max_lines});
  for (int k = 0; k < n; ++k) {
    const TransitionRecord& r = p.log[(p.log_count - 1 - k) % p.log.size()];
    ImGui::Text("%7.2f s  %-8s -> %s", r.time, _(ai::PredatorStateName(r.from)),
                _(ai::PredatorStateName(r.to)));
  }
  if (n == 0) ImGui::TextDisabled("%s", _("no transition yet"));
}

// What the predator is doing, in words.
void PredatorLine(const Predator& p) {
  ImGui::Text(_("%s, health %.0f%%, %s"),
              p.alive ? _(ai::PredatorStateName(p.shown_state)) : _("destroyed (respawns)"),
              100.0 * p.health, p.brain ? _(p.brain->Implementation()) : "");
}

// The predator the presenter's figure follows: the selected one, else the one furthest along the
// figure's story (wait, chase, attack, die: a lesson's step tells it up to there), then the one
// whose state changed most often, then the first.
const Predator* FollowedPredator(const std::vector<Predator>& predators, int selected) {
  if (selected >= 0 && selected < static_cast<int>(predators.size())) return &predators[selected];
  const Predator* best = nullptr;
  auto key = [](const Predator& p) { return std::pair(int(p.shown_state), p.log_count); };
  for (const Predator& p : predators)
    if (!best || key(p) > key(*best)) best = &p;
  return best;
}

}  // namespace

void PredatorFsmFigure(const PredatorWorld& world, int selected, const FigureArea& area) {
  if (BeginFigureWindow("##predator state machine", area, FigureCorner::kTopRight)) {
    const Predator* p = FollowedPredator(world.predators(), selected);
    const float pad = ImGui::GetFontSize();
    ImGui::TextUnformatted(_("Figure 3.15: the predator's state machine"));
    if (p) {
      ImGui::Text(_("Predator %d: "), p->id);
      ImGui::SameLine(0.0f, 0.0f);
      PredatorLine(*p);
    }
    Diagram(ImVec2(pad * 34.0f, pad * 16.0f), p ? p->shown_state : ai::PredatorState::kWait,
            p && p->alive);
    ArrowLegend();
    if (p) TransitionLines(*p, kFigureLogLines);
  }
  EndFigureWindow(area);
}

void PredatorFsmWindow(const PredatorWorld& world, int& selected) {
  // On the right, under the Stats window; as tall as the diagram and its log need, or the room
  // left below the Stats window.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float top = BelowStatsPanelY(), font = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(ImVec2(display.x - 490, top), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(480, std::clamp(display.y - top - font, font * 8, 540.0f)),
                           ImGuiCond_FirstUseEver);
  // untranslated: the window's ID
  if (!ImGui::Begin(WindowTitle(_("Predator state machine (fig. 3.15)"), "predator_fsm"))) {
    ImGui::End();
    return;
  }
  const auto& predators = world.predators();
  if (selected >= static_cast<int>(predators.size())) selected = -1;
  if (selected < 0 && !predators.empty()) selected = 0;
  ImGui::SetNextItemWidth(120);
  if (ImGui::BeginCombo(_("Predator"), selected >= 0 ? std::to_string(selected).c_str() : "-")) {
    for (const Predator& p : predators)
      if (ImGui::Selectable(std::to_string(p.id).c_str(), p.id == selected)) selected = p.id;
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", _("Also: double-click a predator with the 'Select predator' tool."));
  const Predator* p = selected >= 0 ? &predators[selected] : nullptr;
  if (p) {
    ImGui::SameLine();
    PredatorLine(*p);
  }
  Diagram(ImVec2(ImGui::GetContentRegionAvail().x, 290.0f),
          p ? p->shown_state : ai::PredatorState::kWait, p && p->alive);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "%s", _("Figure 3.15 (section 3.4.2): a Moore machine. Arrows are the transition function "
                "T(s, i) labelled with the input symbol. The figure is not in the text: its "
                "listings state wait->chase, wait->die, chase->attack and chase->wait (light); "
                "chase->die, attack->chase and attack->die are our reading (amber)."));
  ArrowLegend();
  ImGui::TextUnformatted(_("Transition log (section 3.4.2: the direct mode cannot log)"));
  ImGui::BeginChild("fsm_log", ImVec2(0, 0), true);
  if (p) TransitionLines(*p, static_cast<int>(p->log.size()));
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace partlab
