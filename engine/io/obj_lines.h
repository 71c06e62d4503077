// The logical lines of an OBJ file, as the format defines them and as real exporters write them:
// a line ends at LF, CR LF or a lone CR (old Mac tools); '#' starts a comment that runs to the end
// of the physical line, also after data ("f 1 2 3 # base"); a backslash at the end of a line
// continues the statement on the next one. Each logical line keeps the number of the physical
// line it starts on, so every error can name it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace partlab {

// A line longer than this is refused: no OBJ statement needs it (a 200,000-corner face with
// normals is about 4 MB), and a multi-gigabyte file without a line break is not a model.
inline constexpr size_t kMaxObjLineBytes = size_t(16) << 20;  // 16 MiB

class ObjLines {
 public:
  explicit ObjLines(std::string_view text) : text_(text) {}

  // The next logical line without its comment and line break, or false at the end of the text.
  // After false, too_long() tells whether reading stopped at a line over kMaxObjLineBytes.
  bool Next(std::string_view* line);
  size_t line_number() const { return line_number_; }  // of the line Next returned
  bool too_long() const { return too_long_; }

 private:
  std::string_view PhysicalLine();  // without its comment and line break; advances pos_
  std::string_view text_;
  size_t pos_ = 0;
  size_t physical_ = 0;     // physical lines consumed so far
  size_t line_number_ = 0;  // 1-based
  bool too_long_ = false;
  std::string joined_;  // a continued line, glued together
};

}  // namespace partlab
