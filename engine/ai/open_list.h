// The OPEN list of section 3.4.1 (practice 1): the queue of candidates the generic search takes its
// next node from. An indexed binary heap over cell numbers: the key of a cell is whatever the
// queueing function says (insertion order for breadth-first, reversed order for depth-first, h for
// best-first, g + h for A*), ties broken by a second key and then by the cell number, so every run
// expands the same nodes in the same order. Storage is flat and reused: after the first search on a
// map no call allocates.
#pragma once

#include <cstdint>
#include <vector>

namespace partlab::ai {

struct OpenKey {
  double primary = 0;
  double secondary = 0;
};

class OpenList {
 public:
  // Sizes the position table for `cells` cells and empties the heap; allocates only when the map
  // grew since the last call.
  void Reset(int cells);
  bool Empty() const { return heap_.empty(); }
  int Size() const { return static_cast<int>(heap_.size()); }
  bool Contains(int cell) const { return position_[cell] >= 0; }
  int Top() const { return heap_.front(); }
  // Inserts `cell`, or moves it to its new key when it is already queued.
  void Push(int cell, OpenKey key);
  int Pop();

 private:
  bool Before(int a, int b) const;
  void SiftUp(int i);
  void SiftDown(int i);
  void Place(int i, int cell);

  std::vector<int> heap_;
  std::vector<int> position_;  // index in heap_, -1 when not queued
  std::vector<OpenKey> key_;
};

}  // namespace partlab::ai
