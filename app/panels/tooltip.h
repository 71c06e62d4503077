// The tooltip every panel puts under a control: one or two sentences on what it does and where it
// comes from in the paper, wrapped at a readable width, shown also over disabled controls.
#pragma once

namespace partlab {

// Shows `text` while the last ImGui item is hovered.
void Tip(const char* text);

}  // namespace partlab
