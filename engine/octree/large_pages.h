// Memory for the octree's large flat arrays, asked to be backed by 2 MB pages (Linux transparent
// huge pages, requested per allocation with madvise; elsewhere, or when the kernel refuses, the
// pages are simply small).
//
// Why, for the tree the queries walk: a ray reads a few nodes and record blocks spread over the
// whole tree (about 146 MB for the full dragon). With 4 KB pages almost every such read in a large
// tree also misses the TLB and waits for a page-table walk before the memory access can even
// start; a few dozen 2 MB pages cover the whole tree. Why, for the build's passing buffers: mapping
// and zeroing 4 KB pages one fault at a time was a fifth of the dragon's build in the profile.
//
// Arrays below a threshold stay ordinary memory: a large page would be mostly empty. A large array
// starts on a 2 MB boundary and only its whole 2 MB ranges are asked for as large pages; its tail
// stays in 4 KB pages, so no array is rounded up to a whole large page (a 2.1 MB array would
// otherwise take 4 MB). What it takes, in whole small pages, is what LargePageBytes says (the
// octree's memory statistics count it).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace partlab {

inline constexpr size_t kLargePageBytes = size_t(2) << 20;
inline constexpr size_t kSmallPageBytes = size_t(4) << 10;

// The bytes an allocation of `bytes` takes: whole small pages from `large_from` bytes up (the
// whole large pages inside them included).
inline size_t LargePageBytes(size_t bytes, size_t large_from) {
  if (bytes < large_from) return bytes;
  return (bytes + kSmallPageBytes - 1) / kSmallPageBytes * kSmallPageBytes;
}

// Memory for `bytes` aligned to `alignment` (a power of two, at most kLargePageBytes), on large
// pages from `large_from` bytes up; free it with std::free. Throws std::bad_alloc.
inline void* AllocateLargePages(size_t bytes, size_t alignment, size_t large_from) {
  bytes = std::max<size_t>(bytes, 1);
  void* p = nullptr;
  if (bytes < large_from) {
    const size_t a = std::max(alignment, alignof(std::max_align_t));
    p = std::aligned_alloc(a, (bytes + a - 1) / a * a);
  } else {
    // posix_memalign, not aligned_alloc: the size need not be a multiple of the alignment.
    const size_t rounded = LargePageBytes(bytes, large_from);
    if (posix_memalign(&p, kLargePageBytes, rounded) != 0) p = nullptr;
#if defined(__linux__)
    // A hint, for the whole large pages only: refused, the pages are simply small.
    const size_t whole = rounded / kLargePageBytes * kLargePageBytes;
    if (p && whole > 0) madvise(p, whole, MADV_HUGEPAGE);
#endif
  }
  if (!p) throw std::bad_alloc();
  return p;
}

// The tree's arrays: on large pages from one large page up.
inline constexpr size_t kTreeLargePagesFrom = kLargePageBytes;

template <class T>
struct LargePageAllocator {
  using value_type = T;
  LargePageAllocator() = default;
  template <class U>
  LargePageAllocator(const LargePageAllocator<U>&) {}
  T* allocate(size_t n) {
    if (n > size_t(-1) / sizeof(T)) throw std::bad_alloc();
    return static_cast<T*>(AllocateLargePages(n * sizeof(T), alignof(T), kTreeLargePagesFrom));
  }
  void deallocate(T* p, size_t) { std::free(p); }
  template <class U>
  bool operator==(const LargePageAllocator<U>&) const {
    return true;
  }
};

template <class T>
using LargePageVector = std::vector<T, LargePageAllocator<T>>;

// The bytes a LargePageVector's capacity takes.
template <class T>
size_t CapacityBytes(const LargePageVector<T>& v) {
  return LargePageBytes(v.capacity() * sizeof(T), kTreeLargePagesFrom);
}

}  // namespace partlab
