// Figure 5.4's flowchart window (sim_verify_flow.h): drawn apart from the check, which needs no
// ImGui. The boxes follow 5.2 and 4.6: a leaf over t gets a shift-split; a node under the merge
// threshold a merge, an unbalanced or redundant one a balance applied during the verification
// itself ("a operação balance é a única operação que é aplicada na fase de verificação"), and
// either way its subtrees are skipped; otherwise both children are visited.
#include <imgui.h>

#include <cstdio>

#include "app/i18n/translate.h"
#include "app/panels/figure_area.h"
#include "app/views/simulation/sim_verify_flow.h"

namespace partlab {

namespace {

struct FlowBox {
  const char* text;   // N_, translated when drawn
  float cx, cy;       // centre, in font heights from the diagram's top left
  int from;           // the box an arrow comes from (-1: none)
  const char* label;  // the arrow's label, N_ ("" none)
};

// In the order of VerifyFlowBox.
const FlowBox kBoxes[] = {
    {N_("Visit a node, from the root"), 18.0f, 0.8f, -1, ""},
    {N_("Leaf?"), 18.0f, 3.2f, 0, ""},
    {N_("Population > t?"), 7.0f, 5.6f, 1, N_("yes")},
    {N_("Population < merge limit?"), 27.0f, 5.6f, 1, N_("no")},
    {N_("Queue shift-split"), 4.0f, 8.4f, 2, N_("yes")},
    {N_("Nothing"), 11.0f, 8.4f, 2, N_("no")},
    {N_("Queue merge"), 18.0f, 8.4f, 3, N_("yes")},
    {N_("Unbalanced or redundant?"), 30.5f, 8.4f, 3, N_("no")},
    {N_("Balance now; skip subtrees"), 24.0f, 11.2f, 7, N_("yes")},
    {N_("Visit both children"), 36.0f, 11.2f, 7, N_("no")},
};
static_assert(std::size(kBoxes) == size_t(VerifyFlowBox::kCount));

constexpr ImU32 kLit = IM_COL32(240, 190, 60, 255);
constexpr ImU32 kDim = IM_COL32(120, 125, 135, 255);

}  // namespace

void DrawVerifyFlow(const SemiAdjustingBsp& bsp, const FigureArea& area) {
  const auto& visits = bsp.last_verification();
  if (visits.empty()) return;
  int counts[int(VerifyFlowBox::kCount)];
  CountVerifyFlow(visits, counts);
  if (BeginFigureWindow("##verify_flow", area, FigureCorner::kTopRight)) {
    ImGui::TextUnformatted(_("Tree verification, top-down (5.2, Figure 5.4)"));
    const float f = ImGui::GetFontSize();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(43.5f * f, 12.2f * f));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImVec2 top[std::size(kBoxes)], bottom[std::size(kBoxes)];
    char text[160];
    for (size_t i = 0; i < std::size(kBoxes); ++i) {
      const FlowBox& b = kBoxes[i];
      std::snprintf(text, sizeof text, counts[i] ? "%s  x%d" : "%s", _(b.text), counts[i]);
      const ImVec2 ts = ImGui::CalcTextSize(text);
      const ImVec2 c(origin.x + b.cx * f, origin.y + b.cy * f);
      const ImVec2 lo(c.x - 0.5f * ts.x - 0.4f * f, c.y - 0.5f * ts.y - 0.25f * f);
      const ImVec2 hi(c.x + 0.5f * ts.x + 0.4f * f, c.y + 0.5f * ts.y + 0.25f * f);
      top[i] = ImVec2(c.x, lo.y);
      bottom[i] = ImVec2(c.x, hi.y);
      const ImU32 colour = counts[i] ? kLit : kDim;
      dl->AddRect(lo, hi, colour, 0.2f * f, 0, counts[i] ? 2.5f : 1.0f);
      dl->AddText(ImVec2(c.x - 0.5f * ts.x, c.y - 0.5f * ts.y), colour, text);
    }
    for (size_t i = 0; i < std::size(kBoxes); ++i) {
      const FlowBox& b = kBoxes[i];
      if (b.from < 0) continue;
      const ImU32 colour = counts[i] ? kLit : kDim;
      const ImVec2 a = bottom[b.from], z = top[i];
      dl->AddLine(a, z, colour, counts[i] ? 2.5f : 1.0f);
      dl->AddTriangleFilled(z, ImVec2(z.x - 0.25f * f, z.y - 0.45f * f),
                            ImVec2(z.x + 0.25f * f, z.y - 0.45f * f), colour);
      if (*b.label)
        dl->AddText(ImVec2(0.5f * (a.x + z.x) + 0.3f * f, 0.5f * (a.y + z.y) - 0.6f * f), colour,
                    _(b.label));
    }
    // "Visit both children" leads back to the visit, one level down.
    const size_t back = size_t(VerifyFlowBox::kChildren);
    const ImU32 colour = counts[back] ? kLit : kDim;
    const float right = origin.x + 43.0f * f;
    const ImVec2 p0 = bottom[back], p1(p0.x, p0.y + 0.4f * f), p2(right, p1.y);
    const ImVec2 p3(right, origin.y + 0.8f * f), p4(origin.x + 26.5f * f, p3.y);
    const ImVec2 path[] = {p0, p1, p2, p3, p4};
    dl->AddPolyline(path, 5, colour, 0, counts[back] ? 2.5f : 1.0f);
    dl->AddTriangleFilled(p4, ImVec2(p4.x + 0.45f * f, p4.y - 0.25f * f),
                          ImVec2(p4.x + 0.45f * f, p4.y + 0.25f * f), colour);
  }
  EndFigureWindow(area);
}

}  // namespace partlab
