#include "app/view.h"

#include <algorithm>
#include <cstring>

#include "app/i18n/translate.h"
#include "app/view/saved_params.h"

namespace partlab {

namespace {
// A function-local static: registration runs from other files' static initialisers, whose order
// relative to this file is unspecified.
std::vector<ViewEntry>& Registry() {
  static std::vector<ViewEntry> registry;
  return registry;
}
}  // namespace

bool RegisterView(const ViewEntry& entry) {
  auto& registry = Registry();
  registry.push_back(entry);
  std::sort(registry.begin(), registry.end(),
            [](const ViewEntry& a, const ViewEntry& b) { return std::strcmp(a.name, b.name) < 0; });
  return true;
}

const std::vector<ViewEntry>& RegisteredViews() {
  return Registry();
}

int FindView(const std::string& name) {
  const auto& registry = Registry();
  for (size_t i = 0; i < registry.size(); ++i)
    if (name == registry[i].name) return int(i);
  return -1;
}

std::unique_ptr<View> CreateView(const ViewEntry& entry, AppContext& app) {
  std::unique_ptr<View> view = entry.create(app);
  view->LoadSavedParams();
  view->Start();
  return view;
}

void EndView(std::unique_ptr<View>& view) {
  if (view) view->SaveSavedParams();
  view.reset();
}

void View::LoadSavedParams() {
  const std::string folder = SettingsFolder();
  if (folder.empty() || !uses_saved_settings()) return;
  saved_.Load(ConfigDirectory() + "/" + folder);
  const std::string notes = ReadParams(saved_, [this](ParamVisitor& v) { VisitParams(v); });
  if (!notes.empty()) notices().Note("partlab: " + saved_.path() + ": " + notes);
}

void View::SaveSavedParams() {
  if (SettingsFolder().empty() || !uses_saved_settings()) return;
  if (saved_.path().empty()) return;  // never read: nothing to write back to
  WriteParams(saved_, [this](ParamVisitor& v) { VisitParams(v); });
  if (const std::string error = saved_.Save(); !error.empty()) notices().Error("partlab: " + error);
}

std::vector<ViewFlagGroup> RegisteredViewFlags() {
  std::vector<ViewFlagGroup> groups;
  for (const ViewEntry& entry : Registry())
    if (entry.flags) groups.push_back({entry.name, entry.flags});
  return groups;
}

std::string View::RunLessonAction(const LessonCommand& action) {
  return Formatted(_("this view has no lesson action '%s'"), action.verb.c_str());
}

std::string View::CheckLessonClaim(const LessonCommand& check) {
  return Formatted(_("this view has no lesson check '%s'"), check.verb.c_str());
}

}  // namespace partlab
