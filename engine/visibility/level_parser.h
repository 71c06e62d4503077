// The indoor level text format (docs/portals.md), written by hand or by the generator:
//
//   # a comment runs to the end of the line
//   level NAME
//   cell NAME FLOOR CEILING  X Z  X Z  X Z ...     a convex outline, either winding
//   portal CELL CELL  X Z  X Z  BOTTOM TOP         an opening on an edge the two cells share
//
// Validated on load, each problem one line "file:line: problem": unknown words and bad numbers,
// a self-intersecting or non-convex outline (section 3.2.3.4 wants convex cells: "uma célula é
// convexa quando, tomados dois pontos quaisquer do seu interior, a reta que os une não intercepta
// nenhum polígono das paredes da célula"), a portal that does not lie on both cells' boundary or
// whose opening leaves their floor-to-ceiling span, overlapping portals, and a cell no chain of
// portals reaches from the first ("uma célula apenas poderá ver outra através de um portal").
//
// A level may come from someone else, so what it can ask for is bounded (docs/hostile-inputs.md):
// the outline check compares every pair of edges and the portal check every pair of portals, so
// corners per cell and portals are capped; the shipped large.level has 400 cells, lines under 130
// bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/visibility/indoor_level.h"

namespace partlab {

inline constexpr uint64_t kMaxLevelBytes = 16u << 20;
inline constexpr size_t kMaxLevelLineBytes = 4096;
inline constexpr size_t kMaxLevelCells = 10000;
inline constexpr size_t kMaxLevelPortals = 20000;
inline constexpr size_t kMaxCellCorners = 64;
inline constexpr size_t kMaxLevelErrors = 100;  // then one more line says reading stopped

struct LevelLoad {
  IndoorLevel level;                // complete (geometry built) only when errors is empty
  std::vector<std::string> errors;  // "file:line: problem", in file order
  bool ok() const { return errors.empty(); }
};

LevelLoad ParseLevel(std::string_view text, const std::string& file_name);
LevelLoad LoadLevelFile(const std::string& path);

// The text of a level (cells and portals), which ParseLevel reads back to the same level.
std::string WriteLevel(const IndoorLevel& level);

}  // namespace partlab
