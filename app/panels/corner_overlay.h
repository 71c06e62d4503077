// A borderless window pinned to the top-right corner of the scene that never takes focus: what a
// view shows beside its picture, for a lesson's caption to refer to (the octree's triangles per
// depth, the engine skeleton's loop). Sized to its contents.
#pragma once

namespace partlab {

// Begins the window named `id` (an ImGui id such as "##triangles per depth"); always pair it with
// ImGui::End(), whatever it returns, as with ImGui::Begin.
bool BeginTopRightOverlay(const char* id);

}  // namespace partlab
