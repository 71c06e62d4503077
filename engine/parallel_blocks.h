// Work over the indices [0, count) on several threads, in blocks taken from a shared counter:
// the calling thread and threads - 1 started for the call each take the next block until none is
// left. Blocks rather than equal shares, because items differ in cost (a ray that reaches deep,
// crowded cells costs several times another) and a fixed split would leave one thread idle while
// the other finishes. Used wherever one answer per item is computed in parallel and must equal the
// one-thread answer: only which thread computes an item changes.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace partlab {

// Calls answer(begin, end) for consecutive blocks of at most `block` items covering [0, count),
// each block exactly once, on `threads` threads (0 or 1: the calling thread alone). `answer` must
// be safe to call from several threads at once on different blocks.
template <class Answer>
void ForEachBlockInParallel(size_t count, size_t block, unsigned threads, const Answer& answer) {
  std::atomic<size_t> next{0};
  const auto take_blocks = [&] {
    for (;;) {
      const size_t begin = next.fetch_add(block, std::memory_order_relaxed);
      if (begin >= count) return;
      answer(begin, std::min(begin + block, count));
    }
  };
  std::vector<std::jthread> helpers;  // joined when they go out of scope
  for (unsigned t = 1; t < threads; ++t) helpers.emplace_back(take_blocks);
  take_blocks();
}

}  // namespace partlab
