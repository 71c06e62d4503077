#include "bench/heap_state.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace partlab::bench {

void KeepFreedHeapMemory() {
#if defined(__GLIBC__)
  // glibc's own ceiling for its dynamic mmap threshold on 64-bit machines
  // (DEFAULT_MMAP_THRESHOLD_MAX), and the trim threshold it sets beside it (twice that).
  constexpr int kMappedFrom = 32 << 20;
  mallopt(M_MMAP_THRESHOLD, kMappedFrom);
  mallopt(M_TRIM_THRESHOLD, 2 * kMappedFrom);
#endif
}

void ReturnFreedHeapMemory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

}  // namespace partlab::bench
