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
// pages from `large_from` bytes up; free it with std::free. Throws std::bad_alloc. With
// `whole_large_pages`, an allocation from `large_from` up is rounded up to whole large pages (for
// the build's scratch buffers, whose unused rest is never counted and lives only during the build).
inline void* AllocateLargePages(size_t bytes, size_t alignment, size_t large_from,
                                bool whole_large_pages = false) {
  bytes = std::max<size_t>(bytes, 1);
  void* p = nullptr;
  if (bytes < large_from) {
    const size_t a = std::max(alignment, alignof(std::max_align_t));
    p = std::aligned_alloc(a, (bytes + a - 1) / a * a);
  } else {
    // posix_memalign, not aligned_alloc: the size need not be a multiple of the alignment.
    const size_t rounded = whole_large_pages
                               ? (bytes + kLargePageBytes - 1) / kLargePageBytes * kLargePageBytes
                               : LargePageBytes(bytes, large_from);
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
// The build's scratch arrays: on whole large pages from an eighth of one up. Each 4 KB page a
// build writes first is a page fault, in which the kernel maps and zeroes that one page; on the
// virtual machines this project is measured on such a fault costs several times its zeroing, and
// a process's first build of a small model spent most of its time in them (bench/heap_state.h).
// One fault per 2 MB instead.
inline constexpr size_t kScratchLargePagesFrom = kLargePageBytes / 8;

template <class T, size_t kLargeFrom = kTreeLargePagesFrom, bool kWholeLargePages = false>
struct LargePageAllocator {
  using value_type = T;
  template <class U>
  struct rebind {
    using other = LargePageAllocator<U, kLargeFrom, kWholeLargePages>;
  };
  LargePageAllocator() = default;
  template <class U>
  LargePageAllocator(const LargePageAllocator<U, kLargeFrom, kWholeLargePages>&) {}
  T* allocate(size_t n) {
    if (n > size_t(-1) / sizeof(T)) throw std::bad_alloc();
    return static_cast<T*>(
        AllocateLargePages(n * sizeof(T), alignof(T), kLargeFrom, kWholeLargePages));
  }
  void deallocate(T* p, size_t) { std::free(p); }
  template <class U>
  bool operator==(const LargePageAllocator<U, kLargeFrom, kWholeLargePages>&) const {
    return true;
  }
};

template <class T>
using LargePageVector = std::vector<T, LargePageAllocator<T>>;
template <class T>
using ScratchVector = std::vector<T, LargePageAllocator<T, kScratchLargePagesFrom, true>>;

// The bytes a LargePageVector's capacity takes.
template <class T>
size_t CapacityBytes(const LargePageVector<T>& v) {
  return LargePageBytes(v.capacity() * sizeof(T), kTreeLargePagesFrom);
}

}  // namespace partlab
