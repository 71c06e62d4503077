#include "app/view/notices.h"

#include <cstdio>

namespace partlab {

void Notices::Add(Notice::Kind kind, const std::string& text) {
  if (text.empty()) return;
  for (const Notice& n : list_)
    if (n.kind == kind && n.text == text) return;
  list_.push_back({kind, text});
  std::fprintf(stderr, "%s\n", text.c_str());
}

void Notices::Dismiss(size_t index) {
  if (index < list_.size()) list_.erase(list_.begin() + std::ptrdiff_t(index));
}

}  // namespace partlab
