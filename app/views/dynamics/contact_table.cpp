#include "app/views/dynamics/contact_table.h"

#include <imgui.h>

#include <algorithm>

#include "app/i18n/translate.h"
#include "app/views/dynamics/contact_overlay.h"

namespace partlab {

const char* ShownName(std::string_view marked) {
  return _(marked.data());
}

void ContactTable::Window(std::span<const dynamics::Contact> contacts) {
  if (!shown_) return;
  ImGui::SetNextWindowSize(ImVec2(560, 260), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin(WindowTitle(_("Contacts"), "dyn-contacts"), &shown_)) {  // untranslated: an ID
    ImGui::End();
    return;
  }
  Table(contacts, kWindowRows, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY);
  ImGui::End();
}

void ContactTable::Table(std::span<const dynamics::Contact> contacts, size_t rows, int flags) {
  if (ImGui::BeginTable("contacts", 7, flags)) {
    ImGui::TableSetupColumn("A-B");  // untranslated: the two bodies' numbers
    ImGui::TableSetupColumn(_("kind"));
    ImGui::TableSetupColumn(_("class"));
    ImGui::TableSetupColumn("d' (3.52)");
    ImGui::TableSetupColumn(_("depth"));
    ImGui::TableSetupColumn("lambda_c");  // untranslated: the chapter's symbol
    ImGui::TableSetupColumn("lambda_r");  // untranslated: the chapter's symbol
    ImGui::TableHeadersRow();
    const size_t shown = std::min<size_t>(contacts.size(), rows);
    for (size_t i = 0; i < shown; ++i) {
      const dynamics::Contact& c = contacts[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%u-%u", c.a, c.b);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(ShownName(dynamics::ContactKindName(c.kind)));
      ImGui::TableNextColumn();
      const Color col = ContactClassColor(c.cls);
      ImGui::TextColored(ImVec4(col.r, col.g, col.b, 1), "%s",
                         ShownName(dynamics::ContactClassName(c.cls)));
      ImGui::TableNextColumn();
      ImGui::Text("%.4f", c.ddot);
      ImGui::TableNextColumn();
      ImGui::Text("%.4f", c.depth);
      ImGui::TableNextColumn();
      ImGui::Text("%.4f", c.impulse);
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", c.resting_force);
    }
    ImGui::EndTable();
  }
  if (contacts.size() > rows) ImGui::TextDisabled(_("... and %zu more"), contacts.size() - rows);
}

}  // namespace partlab
