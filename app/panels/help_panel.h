// The Help window: every mouse and key control. Opened on the first run, toggled with H or F1.
// Returns true when its Welcome button was clicked (the Welcome window then opens or closes).
#pragma once

namespace partlab {

bool DrawHelpPanel(bool* open);

}  // namespace partlab
