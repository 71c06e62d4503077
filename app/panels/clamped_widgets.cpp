#include "app/panels/clamped_widgets.h"

namespace partlab {

namespace {

const ImVec4 kNoteColour{0.98f, 0.82f, 0.30f, 1.0f};
const ImVec4 kErrorColour{1.0f, 0.42f, 0.38f, 1.0f};

// Clamps after an edit, records or clears the note, and shows it under the widget.
template <typename T>
bool AfterEdit(bool edited, const char* label, T* value, const ValueRange<T>& range,
               ClampNote& note) {
  note.deactivated_after_edit = ImGui::IsItemDeactivatedAfterEdit();
  if (edited) {
    // The note names the widget by its visible label, or by its hidden one ("##Rays drawn").
    std::string_view name(label);
    const size_t hidden = name.find("##");
    name = hidden == 0 ? name.substr(2) : name.substr(0, hidden);
    std::string text = ClampWithNote(*value, range, name);
    if (!text.empty()) {
      note = {label, std::move(text)};
    } else if (note.label == label) {
      note = {};
    }
  }
  if (note.label == label && !note.text.empty()) DrawNoteLine(note.text);
  return edited;
}

}  // namespace

bool ClampedSliderInt(const char* label, int* value, const ValueRange<int>& range, ClampNote& note,
                      const char* format, ImGuiSliderFlags flags) {
  const bool edited = ImGui::SliderInt(label, value, range.lo, range.hi, format, flags);
  return AfterEdit(edited, label, value, range, note);
}

bool ClampedSliderFloat(const char* label, float* value, const ValueRange<float>& range,
                        ClampNote& note, const char* format, ImGuiSliderFlags flags) {
  const bool edited = ImGui::SliderFloat(label, value, range.lo, range.hi, format, flags);
  return AfterEdit(edited, label, value, range, note);
}

bool ClampedInputInt(const char* label, int* value, const ValueRange<int>& range, ClampNote& note) {
  const bool edited = ImGui::InputInt(label, value);
  return AfterEdit(edited, label, value, range, note);
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
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Dismiss");
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
