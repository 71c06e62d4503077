// A table of parameters as markdown, one line per row, for the documentation
// (docs/parameters.md, checked against this by tests/params/param_doc_test.cpp): the flag, the
// settings key, the panel's label, the default, the range and the unit, and the tooltip.
#pragma once

#include <string>
#include <type_traits>

#include "engine/params/param.h"

namespace partlab {

namespace detail {

inline std::string MarkdownCell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

template <typename Row>
std::string MarkdownLine(const Row& row) {
  std::string fallback, range;
  if constexpr (std::is_base_of_v<BoolParam, Row>) {
    fallback = row.fallback ? "1" : "0";
    range = "1 or 0";
  } else if constexpr (std::is_base_of_v<ChoiceParam, Row>) {
    fallback = row.names[row.fallback];
    for (int i = 0; i < row.count(); ++i) range += (i ? ", " : "") + std::string(row.names[i]);
  } else {
    fallback = FormatNumber(row.fallback);
    range = RangeText(row);
    if (*row.unit) range += std::string(" ") + row.unit;
  }
  return "| `" + FlagOf(row.flag, row.key) + "` | `" + row.key + "` | " + MarkdownCell(row.label) +
         " | " + fallback + " | " + MarkdownCell(range) + " | " + MarkdownCell(row.tip) + " |\n";
}

}  // namespace detail

// `for_each(visit)` calls visit(row) for every row of a table (bsp_params::ForEachRow's shape).
template <typename ForEach>
std::string MarkdownTable(ForEach for_each) {
  std::string out =
      "| Flag | Settings key | Panel | Default | Range | What it does |\n"
      "|---|---|---|---|---|---|\n";
  for_each([&](const auto& row) { out += detail::MarkdownLine(row); });
  return out;
}

}  // namespace partlab
