// Ray-structure plugins loaded when the app starts (partlab --plugin), listed by name so the
// Octree view can offer each beside our octree; each view makes its own instance.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/plugins/ray_structure_plugin.h"

namespace partlab {

// Loads `path` as whatever plugin it exports: a ray structure (registered here), a broad phase
// (broad_phase_registry.h), or both. "" or one line naming the file.
std::string LoadPlugin(const std::string& path);

// The registered ray structures' names, in loading order.
std::vector<std::string> RayStructurePluginNames();

// A fresh instance of the named plugin, or nullptr (unknown name, or its create failed).
std::unique_ptr<PluginRayStructure> MakeRayStructurePlugin(std::string_view name);

}  // namespace partlab
