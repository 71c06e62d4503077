#include "app/views/dynamics/scene_list.h"

#include <imgui.h>

#include <algorithm>
#include <filesystem>

#include "app/i18n/translate.h"
#include "app/panels/tooltip.h"
#include "engine/paths/data_paths.h"

namespace partlab {

SceneList::SceneList() {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(AssetDirectory() + "/dynamics", ec))
    if (e.path().extension() == ".scene") paths_.push_back(e.path().string());
  std::sort(paths_.begin(), paths_.end());
}

int SceneList::Find(const std::string& key) const {
  int found = -1;
  for (size_t i = 0; i < paths_.size(); ++i)
    if (Key(paths_[i]) == key) found = int(i);
  return found;
}

std::string SceneList::Key(const std::string& path) {
  return std::filesystem::path(path).stem().string();
}

std::string SceneList::Combo(const std::string& current_path) const {
  std::string chosen;
  if (ImGui::BeginCombo(_("scene"), Key(current_path).c_str())) {
    for (const std::string& path : paths_)
      if (ImGui::Selectable(Key(path).c_str(), path == current_path)) chosen = path;
    ImGui::EndCombo();
  }
  return chosen;
}

bool SceneList::OpenField() {
  ImGui::InputText("##path", open_path_, sizeof open_path_);
  ImGui::SameLine();
  const bool open = ImGui::Button(_("Open file"));
  Tip(
      _("Any scene file in the text format of docs/dynamics.md. A bad file gets one line naming "
        "the file and line, and the current scene stays."));
  return open;
}

}  // namespace partlab
