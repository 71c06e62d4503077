// The Trace check view's panel, keys and the ids written on the scene (trace_check_view.h). Every
// text is formatted by ImGui into its own buffers: a frame of the panel allocates nothing of ours.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/i18n/translate.h"
#include "app/panels/figure_area.h"
#include "app/panels/legend.h"
#include "app/panels/plugin_param_rows.h"
#include "app/panels/tooltip.h"
#include "app/views/trace_check/trace_check_view.h"
#include "engine/broadphase/broad_phase_registry.h"

namespace partlab::trace_check {
namespace {

constexpr size_t kListedPairs = 200;  // rows of the difference list; the counts say the rest

// One row per pair, its boxes' coordinates in the tooltip; returns the pair clicked, if any.
const BoxPair* PairRows(const char* kind, const Color& color, std::span<const BoxPair> pairs,
                        std::span<const Aabb> boxes) {
  const BoxPair* clicked = nullptr;
  for (size_t i = 0; i < pairs.size() && i < kListedPairs; ++i) {
    const BoxPair p = pairs[i];
    LegendSwatch(color);
    char label[64];
    std::snprintf(label, sizeof label, "%s (%u, %u)##%s%zu", kind, p.a, p.b, kind, i);
    if (ImGui::Selectable(label)) clicked = &pairs[i];
    if (ImGui::IsItemHovered()) {
      const Aabb &a = boxes[p.a], &b = boxes[p.b];
      ImGui::SetTooltip(
          _("box %u: (%g, %g, %g) .. (%g, %g, %g)\nbox %u: (%g, %g, %g) .. (%g, %g, %g)\n"
            "(click: frame the camera on them)"),
          p.a, a.min.x, a.min.y, a.min.z, a.max.x, a.max.y, a.max.z, p.b, b.min.x, b.min.y, b.min.z,
          b.max.x, b.max.y, b.max.z);
    }
  }
  if (pairs.size() > kListedPairs)
    ImGui::TextDisabled(_("... and %zu more %s pairs"), pairs.size() - kListedPairs, kind);
  return clicked;
}

}  // namespace

void TraceCheckView::UpdateGui() {
  ImGui::TextWrapped(
      _("N next wrong frame, Shift+N the first, Space play, [ ] step; red: missing "
        "pairs, blue: extra pairs"));
  TraceRow();
  AlgorithmRow();
  if (!check_.is_open()) {
    ImGui::TextWrapped(
        _("Open an AABBTRC1 trace (partlab --trace FILE, or record one with "
          "include/partlab/record.h; docs/plugins.md)."));
    return;
  }
  Timeline();
  DifferenceList();
  ExportRow();
}

void TraceCheckView::TraceRow() {
  // Room for the button beside the field, measured in the panel's font (a fixed width in pixels
  // cut the button off at other font sizes).
  ImGui::SetNextItemWidth(-(ImGui::CalcTextSize(_("Open trace")).x +
                            ImGui::GetStyle().FramePadding.x * 2 +
                            ImGui::GetStyle().ItemSpacing.x));
  ImGui::InputText("##trace", path_field_.data(), path_field_.size());
  ImGui::SameLine();
  if (ImGui::Button(_("Open trace"))) Open(path_field_.data());
  Tip(_(
      "An AABBTRC1 trace (../shared/formats.md). The game's own pairs (PAIRS001) are read from\n"
      "the file beside it, game.aabbtrc -> game.pairs or game.aabbtrc.pairs, when there is one."));
  if (!pairs_path_.empty()) ImGui::TextDisabled(_("Game's pairs: %s"), pairs_path_.c_str());
}

void TraceCheckView::AlgorithmRow() {
  if (ImGui::BeginCombo(_("Broad phase"), algorithm_.c_str())) {
    for (std::string_view name : BroadPhaseNames()) {
      const std::string n(name);
      if (ImGui::Selectable(n.c_str(), n == algorithm_) && n != algorithm_) ChooseAlgorithm(n);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", _(std::string(BroadPhaseDescription(name)).c_str()));
    }
    ImGui::EndCombo();
  }
  Tip(
      _("Checked against brute force on every frame of the trace. Plugins (--plugin PATH) are\n"
        "listed after ours."));
  // A plugin's own parameters: a change replays the whole trace with the new value.
  if (!check_.is_open()) return;
  const PluginParams params{check_.ParamCount(),
                            [this](uint32_t i, partlab_param& p) { return check_.GetParam(i, p); },
                            [this](uint32_t i, double v) { return check_.SetParam(i, v); }};
  PluginParamRows(params, clamp_note_);
}

// One column per frame (several frames per column on a long trace): red where the algorithm
// differs from brute force, amber below where the game's own pairs do; a click seeks.
void TraceCheckView::Timeline() {
  const uint32_t n = check_.frame_count();
  ImGui::Text(_("Frame %u of %u   %u wrong frames"), check_.frame(), n, check_.wrong_frames());
  if (check_.has_game_pairs())
    ImGui::TextColored(ImVec4(kGameColor.r, kGameColor.g, kGameColor.b, 1.0f),
                       _("The game's own pairs: %u wrong frames"), check_.game_wrong_frames());
  const float width = std::max(ImGui::GetContentRegionAvail().x, 50.0f);
  const float height = ImGui::GetFontSize() * 1.6f;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##timeline", ImVec2(width, height));
  if (ImGui::IsItemActive() && n > 0) {
    const float t = (ImGui::GetIO().MousePos.x - at.x) / width;
    const long f = std::clamp(long(t * float(n)), 0L, long(n) - 1);
    if (f != long(check_.frame())) Seek(f);
  }
  Tip(
      _("The trace's frames, left to right: red where the broad phase's pairs differ from brute\n"
        "force's, amber (lower half) where the game's own pairs do. Click or drag to seek."));
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(at, ImVec2(at.x + width, at.y + height), IM_COL32(30, 32, 40, 255));
  const int columns = std::max(1, int(width));
  const auto& verdicts = check_.verdicts();
  for (int c = 0; c < columns && n > 0; ++c) {
    const uint32_t first = uint32_t(uint64_t(c) * n / columns);
    const uint32_t last = std::max(first + 1, uint32_t(uint64_t(c + 1) * n / columns));
    bool wrong = false, game = false;
    for (uint32_t f = first; f < last && f < n; ++f) {
      wrong |= verdicts[f].algorithm_wrong();
      game |= verdicts[f].game_wrong();
    }
    const float x = at.x + float(c);
    if (wrong) list->AddLine(ImVec2(x, at.y), ImVec2(x, at.y + height), ToImU32(kMissingColor));
    if (game)
      list->AddLine(ImVec2(x, at.y + height * 0.6f), ImVec2(x, at.y + height), ToImU32(kGameColor));
  }
  const float cursor = at.x + (float(check_.frame()) + 0.5f) / float(std::max(n, 1u)) * width;
  list->AddLine(ImVec2(cursor, at.y - 2), ImVec2(cursor, at.y + height + 2),
                IM_COL32(255, 255, 255, 255), 2.0f);

  if (ImGui::Button(_("First wrong frame"))) JumpToWrongFrame(true);
  Tip(_("Shift+N"));
  ImGui::SameLine();
  if (ImGui::Button(_("Next wrong frame"))) JumpToWrongFrame(false);
  Tip(_("N: the next frame whose pairs differ from brute force's, wrapping round"));
  ImGui::SameLine();
  if (ImGui::Button(playing_ ? _("Pause") : _("Play"))) playing_ = !playing_;
  Tip(_("Space. Playing stops on a wrong frame. [ and ] step one frame."));
  ImGui::SetNextItemWidth(120.0f);
  ImGui::SliderFloat(_("frames/s"), &frames_per_second_, 1.0f, 60.0f, "%.0f");
  ImGui::Checkbox(_("Follow the difference"), &follow_);
  Tip(_("On every jump the camera frames the boxes of the differing pairs"));
  ImGui::SameLine();
  ImGui::Checkbox(_("All boxes"), &overlay_.all_boxes);
  ImGui::SameLine();
  ImGui::Checkbox(_("Structure"), &overlay_.structure);
  Tip(_("The broad phase's own drawing of its structure (a plugin's draw callback), in magenta"));
  if (check_.has_game_pairs()) ImGui::Checkbox(_("The game's own differences"), &overlay_.game);
  LegendSwatch(kMissingColor);
  ImGui::TextUnformatted(_("missing (brute force's pair, not reported)"));
  LegendSwatch(kExtraColor);
  ImGui::TextUnformatted(_("extra (reported, not brute force's)"));
  if (check_.has_game_pairs()) {
    LegendSwatch(kGameColor);
    ImGui::TextUnformatted(_("the game's own missing or extra pairs"));
  }
}

void TraceCheckView::DifferenceList() {
  const PairDiff& d = check_.diff();
  ImGui::Separator();
  if (d.empty() && check_.violation().empty()) {
    ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1.0f), _("Frame %u: %s agrees with brute force"),
                       check_.frame(), check_.algorithm_name().data());
  } else {
    ImGui::Text(_("Frame %u: %zu missing, %zu extra"), check_.frame(), d.missing.size(),
                d.extra.size());
    if (!check_.violation().empty())
      ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.35f, 1.0f), "%.*s", int(check_.violation().size()),
                         check_.violation().data());
  }
  const PairDiff& game = check_.game_diff();
  const size_t rows = d.missing.size() + d.extra.size() + game.missing.size() + game.extra.size();
  const float height = ImGui::GetFrameHeightWithSpacing() * float(std::clamp<size_t>(rows, 1, 10));
  if (ImGui::BeginChild("##pairs", ImVec2(0, height), false)) {
    const BoxPair* clicked[] = {
        PairRows(_("missing"), kMissingColor, d.missing, check_.boxes()),
        PairRows(_("extra"), kExtraColor, d.extra, check_.boxes()),
        PairRows(_("game missing"), kGameColor, game.missing, check_.boxes()),
        PairRows(_("game extra"), kGameColor, game.extra, check_.boxes())};
    for (const BoxPair* p : clicked)
      if (p) {  // a click on a row frames the camera on that pair's two boxes
        Aabb both = check_.boxes()[p->a];
        both.Grow(check_.boxes()[p->b]);
        const glm::vec3 c = both.Center(), h = both.Extent();
        const ImVec2 display = ImGui::GetIO().DisplaySize;
        app_.camera.Frame({c - 1.5f * h, c + 1.5f * h}, display.x / std::max(display.y, 1.0f));
      }
  }
  ImGui::EndChild();
}

void TraceCheckView::ExportRow() {
  // The field takes what the button leaves, measured in the shown language and font size.
  const char* export_label = _("Export this frame");
  const ImGuiStyle& style = ImGui::GetStyle();
  ImGui::SetNextItemWidth(
      -(ImGui::CalcTextSize(export_label).x + 2.0f * style.FramePadding.x + style.ItemSpacing.x));
  ImGui::InputText("##export", export_field_.data(), export_field_.size());
  ImGui::SameLine();
  ImGui::BeginDisabled(check_.diff().empty() && check_.violation().empty());
  if (ImGui::Button(export_label)) ExportRepro(export_field_.data());
  ImGui::EndDisabled();
  Tip(
      _("Writes the smallest cut of the trace that still goes wrong as an AABBTRC1 file: the\n"
        "differing pairs' boxes in this frame alone if that is enough, else more boxes or frames.\n"
        "partlab-bench broadphase --trace FILE --plugin PATH replays it at the plugin's\n"
        "default parameters; the replay command shown after an export keeps the ones set here."));
  if (!export_status_.empty()) ImGui::TextWrapped("%s", export_status_.c_str());
  if (replay_command_.empty()) return;
  // In a read-only field: a long command scrolls instead of overflowing, and can be copied.
  ImGui::TextUnformatted(_("Replay it with the parameters set:"));
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::InputText("##replay", replay_command_.data(), replay_command_.size() + 1,
                   ImGuiInputTextFlags_ReadOnly);
  Tip(
      _("The plugin, the broad phase and every parameter set in the panel, so the cut fails "
        "as it failed here"));
}

void TraceCheckView::HandleKeys() {
  if (ImGui::GetIO().WantCaptureKeyboard || !check_.is_open()) return;
  if (ImGui::IsKeyPressed(GLFW_KEY_N, false)) JumpToWrongFrame(ImGui::GetIO().KeyShift);
  if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, false)) playing_ = !playing_;
  if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT_BRACKET, true)) Seek(long(check_.frame()) + 1);
  if (ImGui::IsKeyPressed(GLFW_KEY_LEFT_BRACKET, true) && check_.frame() > 0)
    Seek(long(check_.frame()) - 1);
}

void TraceCheckView::UpdateWindows() {
  HandleKeys();
  DrawFigures(WholeDisplayFigureArea());
}

// The ids of the differing pairs' boxes, written at their corners in the pair's colour.
void TraceCheckView::DrawFigures(const FigureArea& area) {
  if (!check_.is_open()) return;
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  PushFigureClip(list, area);
  ImFont* font = FigureFont(area);
  const float px = FigureFontPixels(area);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  // At opposite corners of the two boxes, so the ids of a pair of nested boxes do not overlap.
  const auto label = [&](BoxId id, bool low, const Color& color) {
    const Aabb& box = check_.boxes()[id];
    const glm::vec4 clip = view_projection_ * glm::vec4(low ? box.min : box.max, 1.0f);
    if (clip.w <= 0.0f) return;
    const ImVec2 at((clip.x / clip.w * 0.5f + 0.5f) * display.x,
                    (0.5f - clip.y / clip.w * 0.5f) * display.y);
    char text[16];
    std::snprintf(text, sizeof text, "%u", id);
    const ImVec2 size = FigureTextSize(font, px, text);
    list->AddRectFilled(ImVec2(at.x - 3, at.y - 2), ImVec2(at.x + size.x + 3, at.y + size.y + 2),
                        IM_COL32(10, 12, 20, 200), 3.0f);
    list->AddText(font, px, at, ToImU32(color), text);
  };
  size_t shown = 0;  // a few dozen labels at most: beyond that they only cover each other
  const auto pairs = [&](std::span<const BoxPair> ps, const Color& color) {
    for (BoxPair p : ps)
      if (shown++ < 48) {
        label(p.a, true, color);
        label(p.b, false, color);
      }
  };
  pairs(check_.diff().missing, kMissingColor);
  pairs(check_.diff().extra, kExtraColor);
  if (overlay_.game) {
    pairs(check_.game_diff().missing, kGameColor);
    pairs(check_.game_diff().extra, kGameColor);
  }
  list->PopClipRect();
}

}  // namespace partlab::trace_check
