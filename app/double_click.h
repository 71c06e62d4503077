// A double click told from the mouse button events themselves, as they arrive, not from the
// button's state sampled once a frame: under software rendering a frame can take longer than the
// gap between a double click's two presses, and a per-frame sample (ImGui 1.86 keeps no event
// queue) then sees one long press and the pick is lost.
#pragma once

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

namespace partlab {

class DoubleClickDetector {
 public:
  // ImGui's own defaults (io.MouseDoubleClickTime, io.MouseDoubleClickMaxDist).
  static constexpr double kMaxSeconds = 0.30;
  static constexpr float kMaxDistance = 6.0f;  // window points

  // A left-button press at time `seconds` and window point `at`: true when it completes a double
  // click. The press that completes one starts no new one, so a triple click is one double click.
  bool Press(double seconds, glm::vec2 at) {
    const bool completes = armed_ && seconds - last_seconds_ >= 0.0 &&
                           seconds - last_seconds_ <= kMaxSeconds &&
                           glm::distance(at, last_at_) <= kMaxDistance;
    armed_ = !completes;
    last_seconds_ = seconds;
    last_at_ = at;
    return completes;
  }

 private:
  bool armed_ = false;
  double last_seconds_ = 0.0;
  glm::vec2 last_at_{0.0f};
};

}  // namespace partlab
