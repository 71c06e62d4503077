// A set of box pairs with O(1) insert, erase and lookup and a dense array for enumeration: the
// persistent pair set of sweep-and-prune. The thesis's SP used an n x n matrix for this
// (semi-adjusting-bsp.txt, 6.1); at 100,000 boxes that is 10^10 cells, so we use an
// open-addressing hash table (linear probing, backward-shift deletion) that only grows.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

class PairTable {
 public:
  // Inserts {a, b} (a != b, any order); no-op if present.
  void Insert(BoxId x, BoxId y);
  // Erases {a, b} if present.
  void Erase(BoxId x, BoxId y);
  bool Contains(BoxId x, BoxId y) const;
  void Clear();

  const std::vector<BoxPair>& pairs() const { return pairs_; }
  size_t size() const { return pairs_.size(); }
  size_t MemoryBytes() const {
    return pairs_.capacity() * sizeof(BoxPair) + slots_.capacity() * sizeof(Slot);
  }

 private:
  static constexpr uint32_t kEmpty = 0xffffffffu;
  struct Slot {
    uint64_t key;
    uint32_t index;  // into pairs_, kEmpty when the slot is free
  };
  static uint64_t Key(const BoxPair& p) { return (uint64_t(p.a) << 32) | p.b; }
  static uint64_t Hash(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return k;
  }
  size_t Find(uint64_t key) const;  // slot holding key, or the free slot where it would go
  void Grow();

  std::vector<Slot> slots_;  // power-of-two size, load factor <= 1/2
  std::vector<BoxPair> pairs_;
};

}  // namespace partlab
