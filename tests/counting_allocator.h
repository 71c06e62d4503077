// Every allocation of the test executable counted: the global operator new replaced by one that
// counts, so a test can assert that a loop allocates nothing ("no allocation per frame after the
// first"). The replacement is a definition, not a declaration: include this header from exactly one
// source file of an executable.
#pragma once

#include <atomic>
#include <cstdlib>
#include <new>

namespace partlab::testing {
inline std::atomic<long> g_allocations{0};  // operator new calls so far

// True when the replacement below is the operator new in use: a test asserts it first, so that a
// count of zero means "nothing allocated" and never "nothing counted".
inline bool AllocationsAreCounted() {
  const long before = g_allocations.load();
  ::operator delete(::operator new(1));  // a call, which unlike a new-expression is never elided
  return g_allocations.load() > before;
}
}  // namespace partlab::testing

void* operator new(std::size_t n) {
  ++partlab::testing::g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
