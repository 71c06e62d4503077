// The thesis's SH comparator (semi-adjusting-bsp.txt, 6.1): "uma tabela hash multi-nível que é
// reconstruída a cada passo da simulação" -- Mirtich's hierarchical hash table (Mirtich 1997).
//
// Level l is a uniform grid of cubic cells of edge cell_size * 2^l. Each box goes to the finest
// level whose cells are at least as large as the box, so it covers at most 2 x 2 x 2 cells there,
// and is entered into each of them. The cells are hashed into a fixed number of buckets; cells that
// collide share a bucket, which is the cost the thesis observed when boxes crowd together.
//
// Pairs, each exactly once: two boxes of the same level meet in every cell they share, and are
// reported only in the cell holding the min corner of their intersection; a box meets the boxes of
// coarser levels by visiting the coarse cells it covers, with the same rule.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

struct SpatialHashParams {
  float cell_size = 0;        // level-0 cell edge; 0 = automatic (mean of the boxes' largest sides)
  uint32_t bucket_count = 0;  // rounded up to a power of two; 0 = automatic (2 x cells entered)
  static constexpr uint32_t kMaxBuckets = 1u << 24;
};

class SpatialHash final : public BroadPhase {
 public:
  explicit SpatialHash(SpatialHashParams params = {});

  std::string_view Name() const override { return "hash"; }
  void Add(BoxId id, const Aabb& box) override;
  void Remove(BoxId id) override;
  void Move(BoxId id, const Aabb& box) override;
  void Update() override;  // rebuilds the table, as the thesis's SH does every step
  void FindPairs(std::vector<BoxPair>& out) override;
  size_t MemoryBytes() const override;
  uint64_t LastCandidateCount() const override { return last_candidates_; }
  // Every cell in use, as a wire cube coloured by level.
  void DrawOverlay(DebugDraw& draw) const override;

  const SpatialHashParams& params() const { return params_; }
  void SetCellSize(float size);         // 0 = automatic; negative clamped to 0
  void SetBucketCount(uint32_t count);  // 0 = automatic
  float cell_size_used() const { return cell0_; }
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
  struct Span {
    int32_t lo[3], hi[3];
  };

  float CellEdge(int level) const { return cell0_ * float(uint32_t(1) << level); }
  int LevelFor(const Aabb& box) const;
  Span CellSpan(const Aabb& box, int level) const;
  Cell CellOf(const glm::vec3& p, int level) const;
  uint32_t Bucket(const Cell& c) const;
  void ChooseCellSize();
  void Emit(BoxId a, BoxId b, const Cell& here, std::vector<BoxPair>& out, uint64_t& candidates);

  SpatialHashParams params_;
  std::vector<Aabb> boxes_;
  std::vector<uint8_t> present_;
  std::vector<uint8_t> level_of_;  // per box, valid after Update
  std::vector<BoxId> live_;        // present boxes, gathered by Update
  float cell0_ = 1;
  float inv_cell0_ = 1;
  int level_count_ = 0;
  uint64_t levels_in_use_ = 0;  // bit l set when some box sits at level l
  uint32_t bucket_mask_ = 0;
  std::vector<Entry> entries_, sorted_;  // entries bucket-sorted into sorted_
  std::vector<uint32_t> bucket_start_;   // bucket b holds sorted_[start[b], start[b+1])
  uint64_t last_candidates_ = 0;
};

}  // namespace partlab
