// ImGui sliders and inputs that keep their value inside a documented range
// (engine/params/clamped_value.h). Dragging cannot leave the range; a value typed with Ctrl+click
// (or into an input box) outside it is clamped, and a yellow line under the widget says so until
// the widget holds an in-range value again. One ClampNote per panel: the last clamp is the one
// shown.
#pragma once

#include <imgui.h>

#include <string>

#include "engine/params/clamped_value.h"
#include "engine/params/param.h"

namespace partlab {

struct ClampNote {
  std::string label;  // the widget it belongs to
  std::string text;   // "" when nothing is clamped
  // ImGui::IsItemDeactivatedAfterEdit() of the last widget drawn (the note line, drawn after it,
  // would otherwise be the "last item").
  bool deactivated_after_edit = false;
};

// Each returns true when the value changed (after clamping).
bool ClampedSliderInt(const char* label, int* value, const ValueRange<int>& range, ClampNote& note,
                      const char* format = "%d", ImGuiSliderFlags flags = 0);
bool ClampedSliderFloat(const char* label, float* value, const ValueRange<float>& range,
                        ClampNote& note, const char* format = "%.3f", ImGuiSliderFlags flags = 0);
bool ClampedInputInt(const char* label, int* value, const ValueRange<int>& range, ClampNote& note);

// The same for a row of the parameter table (engine/params/param.h): the row gives the label, the
// range and the tooltip (marked N_() where the row is declared, translated here), and a NaN or
// infinity typed with Ctrl+click falls back to the row's default, never to a bound. Each returns
// true when the value changed.
bool ParamSliderInt(const Param<int>& p, int* value, ClampNote& note, const char* format = "%d",
                    ImGuiSliderFlags flags = 0);
bool ParamSliderFloat(const Param<float>& p, float* value, ClampNote& note,
                      const char* format = "%.3f", ImGuiSliderFlags flags = 0);
// An input box for a number without a useful slider (a seed), enforced the same way.
bool ParamInputInt(const Param<int>& p, int* value, ClampNote& note);
// A combo box over the choice's names; `shown` gives the panel's wording (null: the names).
bool ParamCombo(const ChoiceParam& p, int* index, const char* const* shown = nullptr);

// A yellow wrapped line; the status bars and panels use it for notes from settings and flags.
void DrawNoteLine(const std::string& text);
// A red wrapped line with a small "x" that dismisses it (clears `text`).
void DrawErrorLine(std::string& text, const char* id);
// The same for a yellow note that should not stay forever (a flag or setting clamped at start).
void DrawNoticeLine(std::string& text, const char* id);

}  // namespace partlab
