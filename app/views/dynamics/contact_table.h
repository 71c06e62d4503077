// The Dynamics view's table of contacts (visualization-simulation-games.txt, 3.3.2.2): one row per
// contact of the step with its bodies, kind (vertex/face or edge/edge, 3.48), class by the sign of
// ḋ (3.52), depth, and the collision impulse λc (3.56) and resting force λr (3.57–3.67) the stages
// found. A component of the view: its own window, and the same table in presenter mode's figure.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

#include "engine/dynamics/contact.h"

namespace partlab {

class ContactTable {
 public:
  static constexpr size_t kWindowRows = 500;  // the window's table
  static constexpr size_t kFigureRows = 8;    // presenter mode's

  void Window(std::span<const dynamics::Contact> contacts);  // the "Contacts" window
  // The first `rows` contacts as an ImGui table (`flags`: ImGuiTableFlags), then how many more.
  static void Table(std::span<const dynamics::Contact> contacts, size_t rows, int flags);
  bool& shown() { return shown_; }

 private:
  bool shown_ = false;
};

// An engine name marked N_() (contact kinds and classes, stages, the LCP's status) in the chosen
// language: the marked literals end in '\0', so the view is the literal itself.
const char* ShownName(std::string_view marked);

}  // namespace partlab
