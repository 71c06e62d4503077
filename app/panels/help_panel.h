// The Help window: every mouse and key control. Opened on the first run, toggled with H or F1.
#pragma once

namespace partlab {

void DrawHelpPanel(bool* open);

}  // namespace partlab
