// The potentially visible set by point sampling (section 3.2.3.4): "uma tabela com valores
// booleanos, dizendo se a partir de alguma posição de uma célula X é possível ver alguma parte de
// uma célula Y", computed as the chapter says: "discretiza-se uma série de pontos espaciais
// pertencentes a uma determinada célula A. Para cada um destes pontos traça-se uma reta para cada
// um dos pontos discretizados de cada uma das i células do cenário. Caso alguma reta possua uma
// interseção vazia com os polígonos da cena, então a célula A pode enxergar a célula i."
//
// A segment is followed cell to cell: it passes through no polygon exactly when, every time it
// leaves a cell, it leaves through a portal's opening (a level's cells are closed by their walls,
// floors and ceilings). The density of the points is the parameter: sparse sampling may miss a
// narrow line of sight, and that false invisibility shows as holes on the screen, so the misses
// are measured (tests, bench), not assumed away.
//
// The table is built pair by pair (PointSamplingBuild, a PvsBuild), so a large level's table can
// be made in slices and cancelled; the constructor builds it in one go.
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <vector>

#include "engine/visibility/indoor_level.h"

namespace partlab {

struct PvsOptions {
  float points_per_area = 0.5f;  // sample points per square unit of floor
  int min_points = 4;            // per cell, however small
  int max_points = 4096;
  uint32_t seed = 1;
};

// A cell's sample points: uniform in its prism, from a generator seeded by (seed, cell), so a
// denser sampling starts with the points of a sparser one.
void SampleCellPoints(const IndoorLevel& level, uint32_t cell, int count, uint32_t seed,
                      std::vector<glm::vec3>* points);
int SampleCount(const IndoorLevel& level, uint32_t cell, const PvsOptions& options);

// Whether segment p -> q, p in cell `from`, passes through no polygon of the level.
bool SegmentClear(const IndoorLevel& level, uint32_t from, const glm::vec3& p, const glm::vec3& q);

class PotentiallyVisibleSet {
 public:
  // The one-shot build: PointSamplingBuild run to its end.
  PotentiallyVisibleSet() = default;
  PotentiallyVisibleSet(const IndoorLevel& level, const PvsOptions& options);

  size_t cells() const { return cells_; }
  bool Visible(size_t from, size_t to) const {
    return (bits_[from * words_ + to / 64] >> (to % 64)) & 1u;
  }
  size_t VisibleCount(size_t from) const;
  // Row `from` as 64-bit words (bit b % 64 of word b / 64: cell b), for walking large tables.
  size_t words() const { return words_; }
  uint64_t Word(size_t from, size_t w) const { return bits_[from * words_ + w]; }
  size_t Bytes() const { return bits_.size() * sizeof(uint64_t); }  // the table itself
  double seconds() const { return seconds_; }
  size_t points() const { return points_; }
  size_t segments() const { return segments_; }

 private:
  friend class PvsBuild;  // builds the table, in slices
  void Set(size_t a, size_t b) { bits_[a * words_ + b / 64] |= uint64_t(1) << (b % 64); }

  size_t cells_ = 0, words_ = 0;
  std::vector<uint64_t> bits_;  // row per cell, one bit per cell
  double seconds_ = 0.0;
  size_t points_ = 0, segments_ = 0;
};

}  // namespace partlab
