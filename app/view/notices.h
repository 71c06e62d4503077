// What a view has to tell its user beside the picture: errors (red: something failed, the view
// keeps what it had) and notes (yellow: a value was clamped, a fallback was taken). Each is one
// line, shown in the view's status bar until dismissed, and printed once on stderr. Owned by the
// View base; GL-free and ImGui-free (app/panels/status_bar.h draws them).
#pragma once

#include <string>
#include <vector>

namespace partlab {

struct Notice {
  enum class Kind { kError, kNote };
  Kind kind;
  std::string text;
};

class Notices {
 public:
  // Adds a line (an identical line already shown is not added twice) and prints it on stderr.
  void Error(const std::string& text) { Add(Notice::Kind::kError, text); }
  void Note(const std::string& text) { Add(Notice::Kind::kNote, text); }
  void Dismiss(size_t index);
  void Clear() { list_.clear(); }
  const std::vector<Notice>& list() const { return list_; }
  bool empty() const { return list_.empty(); }

 private:
  void Add(Notice::Kind kind, const std::string& text);
  std::vector<Notice> list_;
};

}  // namespace partlab
