#include "engine/ai/open_list.h"

namespace partlab::ai {

void OpenList::Reset(int cells) {
  for (int cell : heap_) position_[cell] = -1;  // only the queued cells: no O(map) clear
  heap_.clear();
  if (static_cast<int>(position_.size()) < cells) {
    position_.assign(cells, -1);
    key_.resize(cells);
    heap_.reserve(cells);
  }
}

bool OpenList::Before(int a, int b) const {
  const OpenKey& ka = key_[a];
  const OpenKey& kb = key_[b];
  if (ka.primary != kb.primary) return ka.primary < kb.primary;
  if (ka.secondary != kb.secondary) return ka.secondary < kb.secondary;
  return a < b;
}

void OpenList::Place(int i, int cell) {
  heap_[i] = cell;
  position_[cell] = i;
}

void OpenList::SiftUp(int i) {
  const int cell = heap_[i];
  while (i > 0) {
    const int parent = (i - 1) / 2;
    if (!Before(cell, heap_[parent])) break;
    Place(i, heap_[parent]);
    i = parent;
  }
  Place(i, cell);
}

void OpenList::SiftDown(int i) {
  const int n = Size();
  const int cell = heap_[i];
  for (;;) {
    int child = 2 * i + 1;
    if (child >= n) break;
    if (child + 1 < n && Before(heap_[child + 1], heap_[child])) ++child;
    if (!Before(heap_[child], cell)) break;
    Place(i, heap_[child]);
    i = child;
  }
  Place(i, cell);
}

void OpenList::Push(int cell, OpenKey key) {
  key_[cell] = key;
  if (position_[cell] >= 0) {
    SiftUp(position_[cell]);
    SiftDown(position_[cell]);
    return;
  }
  heap_.push_back(cell);
  SiftUp(Size() - 1);
}

int OpenList::Pop() {
  const int top = heap_.front();
  position_[top] = -1;
  const int last = heap_.back();
  heap_.pop_back();
  if (!heap_.empty()) {
    Place(0, last);
    SiftDown(0);
  }
  return top;
}

}  // namespace partlab::ai
