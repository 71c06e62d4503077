// The Visibility view's command-line flags (app/view/view_flags.h): its --preset words, read by
// VisibilityView::ApplyPreset (visibility_settings.cpp).
#pragma once

#include "app/view/view_flags.h"

namespace partlab {

void AddVisibilityFlags(ViewFlagDefs& defs);

}  // namespace partlab
