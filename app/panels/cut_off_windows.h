// Windows too narrow for what they hold: a label cut off at the window's right edge ("restitution
// comb"), a line of text running out of its panel. ImGui measures each window's contents as it
// lays them out (the widest line, labels included); a window whose contents are wider than the room
// it gives them, and that does not scroll sideways, cuts something off. A screenshot run prints
// one line per such window, which the projector tests (1280x720, every view) require to be none.
#pragma once

#include <string>
#include <vector>

namespace partlab {

// One line per visible window whose widest line does not fit: "window 'Scene' gives its lines
// 374 px, its widest needs 412 px". Measured on the frame last laid out.
std::vector<std::string> CutOffWindows();

}  // namespace partlab
