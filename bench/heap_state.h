// The state of the process's heap around the octree bench's builds (glibc's malloc).
//
// A build writes tens of megabytes; every page it writes first is a page fault in which the kernel
// maps and zeroes that page, and on virtual machines such a fault costs several times the zeroing.
// So a build's time depends on whether the heap still holds memory freed by an earlier build
// (reused without faults) or has given it back to the kernel. glibc decides that by itself, from
// the sizes freed so far: after the dragons' builds it keeps about 64 MB, before them much less,
// and a model's build time then depended on which cases ran before it in the same process.
//
// The bench fixes the state instead, and measures both ends of it:
//  - KeepFreedHeapMemory(), once at the start: the state glibc reaches by itself after its first
//    large free (memory from 32 MB up mapped apart, up to 64 MB free kept), so that every case is
//    measured alike, as an application that rebuilds its tree finds its heap;
//  - ReturnFreedHeapMemory() before each build of the "first build" pairs: all free heap memory
//    given back, so the build faults in every page it writes, as a process's first build does.
// Embree allocates from the kernel by itself, so neither changes its builds.
#pragma once

namespace partlab::bench {

void KeepFreedHeapMemory();
void ReturnFreedHeapMemory();

}  // namespace partlab::bench
