// Dear ImGui's look: a dark, slightly translucent theme, rounded corners, DejaVu Sans when the
// system has it, everything scaled by the monitor's content scale (HiDPI).
#pragma once

namespace partlab {

void ApplyUiStyle(float content_scale);

}  // namespace partlab
