// The spatial hash as the thesis describes it (semi-adjusting-bsp.txt, 2.4): several levels of
// cells, each cell of level n+1 twice the edge of level n, and every box mapped to exactly ONE
// cell, "the cell whose volume is the closest to the object": the finest level whose edge is at
// least the box's largest side, the cell holding the box's min corner. Rebuilt every step, as the
// thesis's SH (6.1). Compare SpatialHash, which enters a box in each of the up to 8 cells it
// covers.
//
// Pairs: a box of level l with its min corner in cell k spans cells k and k+1 per axis (its side
// is at most the edge), so two overlapping boxes, seen at the coarser one's level, have min-corner
// cells at most one apart on every axis. Each box therefore visits the 3x3x3 cells around its own
// min corner at its level and at every coarser level in use; a pair of the same level is reported
// by its lower id, a pair of two levels by the finer box: each pair exactly once. Cells share
// buckets when the hash collides (the cost the thesis observed in crowds); an entry counts only
// when its cell is the one visited.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

class OneCellHash final : public BroadPhase {
 public:
  std::string_view Name() const override { return "hash_1cell"; }
  void Add(BoxId id, const Aabb& box) override;
  void Remove(BoxId id) override;
  void Move(BoxId id, const Aabb& box) override;
  void Update() override;  // rebuilds the table
  void FindPairs(std::vector<BoxPair>& out) override;
  size_t MemoryBytes() const override;
  uint64_t LastCandidateCount() const override { return candidates_; }
  // Cell entries after the last Update: one per box (what makes it the thesis's hash).
  size_t entry_count() const { return sorted_.size(); }
  int levels_used() const { return level_count_; }

 private:
  struct Cell {
    int32_t x, y, z, level;
    friend bool operator==(const Cell&, const Cell&) = default;
  };
  struct Entry {
    Cell cell;
    BoxId id;
  };

  void ChooseLevels();
  int LevelFor(const Aabb& box) const;
  Cell CellOf(const glm::vec3& p, int level) const;
  uint32_t Bucket(const Cell& c) const;
  void VisitNeighbours(BoxId a, const Cell& centre, bool same_level, std::vector<BoxPair>& out);

  std::vector<Aabb> boxes_;
  std::vector<uint8_t> present_;
  std::vector<BoxId> live_;
  std::vector<Cell> cell_of_;  // per box, valid after Update
  float cell0_ = 1;
  int level_count_ = 1;
  uint64_t levels_in_use_ = 0;
  uint32_t bucket_mask_ = 0;
  std::vector<Entry> sorted_;           // entries bucket-sorted
  std::vector<uint32_t> bucket_start_;  // bucket b holds sorted_[start[b], start[b+1])
  uint64_t candidates_ = 0;
};

}  // namespace partlab
