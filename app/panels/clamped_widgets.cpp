#include "app/panels/clamped_widgets.h"

#include "app/i18n/translate.h"
#include "app/panels/tooltip.h"

namespace partlab {

namespace {

const ImVec4 kNoteColour{0.98f, 0.82f, 0.30f, 1.0f};
const ImVec4 kErrorColour{1.0f, 0.42f, 0.38f, 1.0f};

// Clamps after an edit (`clamp(value, name)` returns the note, as ClampWithNote or EnforceParam
// does), records or clears the note, and shows it under the widget.
template <typename T, typename Clamp>
bool AfterEdit(bool edited, const char* label, T* value, Clamp clamp, ClampNote& note) {
  note.deactivated_after_edit = ImGui::IsItemDeactivatedAfterEdit();
  if (edited) {
    // The note names the widget by its visible label, or by its hidden one ("##Rays drawn").
    std::string_view name(label);
    const size_t hidden = name.find("##");
    name = hidden == 0 ? name.substr(2) : name.substr(0, hidden);
    std::string text = clamp(*value, name);
    if (!text.empty()) {
      note = {label, std::move(text)};
    } else if (note.label == label) {
      note = {};
    }
  }
  if (note.label == label && !note.text.empty()) DrawNoteLine(note.text);
  return edited;
}

template <typename T>
auto ByRange(const ValueRange<T>& range) {
  return [&range](T& value, std::string_view name) { return ClampWithNote(value, range, name); };
}

template <typename T>
auto ByParam(const Param<T>& p) {
  return [&p](T& value, std::string_view name) { return EnforceParam(p, value, name); };
}

}  // namespace

bool ClampedSliderInt(const char* label, int* value, const ValueRange<int>& range, ClampNote& note,
                      const char* format, ImGuiSliderFlags flags) {
  const bool edited = ImGui::SliderInt(label, value, range.lo, range.hi, format, flags);
  return AfterEdit(edited, label, value, ByRange(range), note);
}

bool ClampedSliderFloat(const char* label, float* value, const ValueRange<float>& range,
                        ClampNote& note, const char* format, ImGuiSliderFlags flags) {
  const bool edited = ImGui::SliderFloat(label, value, range.lo, range.hi, format, flags);
  return AfterEdit(edited, label, value, ByRange(range), note);
}

bool ClampedInputInt(const char* label, int* value, const ValueRange<int>& range, ClampNote& note) {
  const bool edited = ImGui::InputInt(label, value);
  return AfterEdit(edited, label, value, ByRange(range), note);
}

bool ParamSliderInt(const Param<int>& p, int* value, ClampNote& note, const char* format,
                    ImGuiSliderFlags flags) {
  const bool edited = ImGui::SliderInt(_(p.label), value, p.range.lo, p.range.hi, format, flags);
  AfterEdit(edited, _(p.label), value, ByParam(p), note);
  Tip(_(p.tip));
  return edited;
}

bool ParamSliderFloat(const Param<float>& p, float* value, ClampNote& note, const char* format,
                      ImGuiSliderFlags flags) {
  const bool edited = ImGui::SliderFloat(_(p.label), value, p.range.lo, p.range.hi, format, flags);
  AfterEdit(edited, _(p.label), value, ByParam(p), note);
  Tip(_(p.tip));
  return edited;
}

bool ParamInputInt(const Param<int>& p, int* value, ClampNote& note) {
  const bool edited = ImGui::InputInt(_(p.label), value);
  AfterEdit(edited, _(p.label), value, ByParam(p), note);
  Tip(_(p.tip));
  return edited;
}

bool ParamCombo(const ChoiceParam& p, int* index, const char* const* shown) {
  const bool changed = ImGui::Combo(_(p.label), index, shown ? shown : p.names, p.count());
  Tip(_(p.tip));
  return changed;
}

void DrawNoteLine(const std::string& text) {
  if (text.empty()) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(kNoteColour, "%s", text.c_str());
  ImGui::PopTextWrapPos();
}

namespace {
void DrawDismissableLine(std::string& text, const char* id, const ImVec4& colour) {
  if (text.empty()) return;
  ImGui::PushID(id);
  if (ImGui::SmallButton("x")) text.clear();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", _("Dismiss"));
  ImGui::PopID();
  if (text.empty()) return;
  ImGui::SameLine();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(colour, "%s", text.c_str());
  ImGui::PopTextWrapPos();
}
}  // namespace

void DrawErrorLine(std::string& text, const char* id) {
  DrawDismissableLine(text, id, kErrorColour);
}

void DrawNoticeLine(std::string& text, const char* id) {
  DrawDismissableLine(text, id, kNoteColour);
}

}  // namespace partlab
