// ODE must be initialised once per process (dInitODE2) and every thread that collides needs its
// thread-local data (dAllocateODEDataForThread). Both the broad-phase adapters and the physics
// call this before touching ODE; it is cheap after the first call in each thread.
// ODE is never closed: its data lives until the process exits, so no user can pull it from under
// another.
#pragma once

#include <ode/ode.h>

#include <mutex>

namespace partlab {

inline void EnsureOdeInitialised() {
  static std::once_flag once;
  std::call_once(once, [] { dInitODE2(0); });
  thread_local bool thread_ready = false;
  if (!thread_ready) {
    dAllocateODEDataForThread(dAllocateMaskAll);
    thread_ready = true;
  }
}

}  // namespace partlab
