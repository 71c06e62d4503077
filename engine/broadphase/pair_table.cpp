#include "engine/broadphase/pair_table.h"

namespace partlab {

size_t PairTable::Find(uint64_t key) const {
  const size_t mask = slots_.size() - 1;
  size_t i = Hash(key) & mask;
  while (slots_[i].index != kEmpty && slots_[i].key != key) i = (i + 1) & mask;
  return i;
}

void PairTable::Grow() {
  const size_t n = slots_.empty() ? 1024 : slots_.size() * 2;
  slots_.assign(n, Slot{0, kEmpty});
  for (uint32_t idx = 0; idx < pairs_.size(); ++idx) {
    const uint64_t k = Key(pairs_[idx]);
    slots_[Find(k)] = Slot{k, idx};
  }
}

void PairTable::Insert(BoxId x, BoxId y) {
  if ((pairs_.size() + 1) * 2 > slots_.size()) Grow();
  const BoxPair p = MakePair(x, y);
  const uint64_t k = Key(p);
  const size_t s = Find(k);
  if (slots_[s].index != kEmpty) return;
  slots_[s] = Slot{k, uint32_t(pairs_.size())};
  pairs_.push_back(p);
}

bool PairTable::Contains(BoxId x, BoxId y) const {
  if (slots_.empty()) return false;
  return slots_[Find(Key(MakePair(x, y)))].index != kEmpty;
}

void PairTable::Erase(BoxId x, BoxId y) {
  if (pairs_.empty()) return;
  const uint64_t k = Key(MakePair(x, y));
  size_t hole = Find(k);
  if (slots_[hole].index == kEmpty) return;
  // Keep pairs_ dense: move the last pair into the erased one's place and repoint its slot.
  const uint32_t idx = slots_[hole].index;
  const uint32_t last = uint32_t(pairs_.size() - 1);
  if (idx != last) {
    pairs_[idx] = pairs_[last];
    slots_[Find(Key(pairs_[idx]))].index = idx;
  }
  pairs_.pop_back();
  // Backward-shift deletion: pull later members of the probe run into the hole so that lookups
  // never stop early at it (no tombstones, so the table never degrades).
  const size_t mask = slots_.size() - 1;
  slots_[hole].index = kEmpty;
  for (size_t i = (hole + 1) & mask; slots_[i].index != kEmpty; i = (i + 1) & mask) {
    const size_t home = Hash(slots_[i].key) & mask;
    // Move slot i into the hole if its home is not cyclically within (hole, i].
    const bool home_in_range = hole <= i ? (hole < home && home <= i) : (hole < home || home <= i);
    if (!home_in_range) {
      slots_[hole] = slots_[i];
      slots_[i].index = kEmpty;
      hole = i;
    }
  }
}

void PairTable::Clear() {
  pairs_.clear();
  for (Slot& s : slots_) s.index = kEmpty;
}

}  // namespace partlab
