#include "engine/io/obj_lines.h"

namespace partlab {
namespace {

bool IsBlank(char c) {
  return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}

// "f 1 2 \" -> true and "f 1 2 " (the backslash dropped).
bool TakeContinuation(std::string_view& line) {
  size_t end = line.size();
  while (end > 0 && IsBlank(line[end - 1])) --end;
  if (end == 0 || line[end - 1] != '\\') return false;
  line = line.substr(0, end - 1);
  return true;
}

}  // namespace

std::string_view ObjLines::PhysicalLine() {
  const size_t begin = pos_;
  size_t end = begin;
  while (end < text_.size() && text_[end] != '\n' && text_[end] != '\r') ++end;
  pos_ = end;
  if (pos_ < text_.size() && text_[pos_] == '\r') ++pos_;  // CR, or the CR of CR LF
  if (pos_ < text_.size() && text_[pos_] == '\n' && (pos_ == end || text_[end] == '\r')) ++pos_;
  ++physical_;
  std::string_view line = text_.substr(begin, end - begin);
  if (const size_t hash = line.find('#'); hash != std::string_view::npos)
    line = line.substr(0, hash);
  return line;
}

bool ObjLines::Next(std::string_view* line) {
  if (too_long_ || pos_ >= text_.size()) return false;
  std::string_view first = PhysicalLine();
  line_number_ = physical_;
  if (first.size() > kMaxObjLineBytes) {
    too_long_ = true;
    return false;
  }
  if (!TakeContinuation(first)) {
    *line = first;
    return true;
  }
  joined_.assign(first);
  joined_ += ' ';
  for (bool more = true; more && pos_ < text_.size();) {
    std::string_view next = PhysicalLine();
    more = TakeContinuation(next);
    joined_.append(next);
    joined_ += ' ';
    if (joined_.size() > kMaxObjLineBytes) {
      too_long_ = true;
      return false;
    }
  }
  *line = joined_;
  return true;
}

}  // namespace partlab
