#include "engine/plugins/ray_structure_registry.h"

#include "engine/plugins/broad_phase_plugin.h"
#include "engine/plugins/shared_library.h"
#include "engine/text/translatable.h"

namespace partlab {
namespace {

// The tables of the loaded libraries (they stay loaded for the life of the process).
std::vector<const partlab_ray_structure_plugin*>& Tables() {
  static std::vector<const partlab_ray_structure_plugin*> tables;
  return tables;
}

// Which entry points `path` exports; a library that does not open answers "neither".
struct Exports {
  bool broad_phase = false, ray_structure = false;
};
Exports ExportsOf(const std::string& path) {
  Exports e;
  auto lib = OpenSharedLibrary(path);
  if (!lib) return e;
  e.broad_phase = FindSymbol(lib.value(), PARTLAB_BROAD_PHASE_ENTRY).ok();
  e.ray_structure = FindSymbol(lib.value(), PARTLAB_RAY_STRUCTURE_ENTRY).ok();
  CloseSharedLibrary(lib.value());  // dlopen counts: the loads below keep it open
  return e;
}

std::string RegisterRayStructure(const std::string& path) {
  auto loaded = LoadRayStructurePlugin(path);
  if (!loaded.ok()) return loaded.error();
  const partlab_ray_structure_plugin* table = &loaded.value()->table();
  for (const partlab_ray_structure_plugin* t : Tables())
    if (std::string_view(t->name) == table->name)
      return path + ": " +
             FormatText(N_("a ray structure named '%s' is already loaded"), table->name);
  Tables().push_back(table);
  return "";
}

}  // namespace

std::string LoadPlugin(const std::string& path) {
  const Exports e = ExportsOf(path);
  if (!e.ray_structure) return LoadBroadPhasePlugin(path);  // its errors name what is missing
  if (std::string error = RegisterRayStructure(path); !error.empty()) return error;
  return e.broad_phase ? LoadBroadPhasePlugin(path) : "";
}

std::vector<std::string> RayStructurePluginNames() {
  std::vector<std::string> names;
  for (const partlab_ray_structure_plugin* t : Tables()) names.emplace_back(t->name);
  return names;
}

std::unique_ptr<PluginRayStructure> MakeRayStructurePlugin(std::string_view name) {
  for (const partlab_ray_structure_plugin* t : Tables())
    if (name == t->name)
      if (void* state = t->create()) return std::make_unique<PluginRayStructure>(*t, state);
  return nullptr;
}

}  // namespace partlab
