#include "engine/physics/ode_runtime.h"

#include <ode/ode.h>

#include <mutex>

namespace partlab {

void EnsureOdeReadyForThisThread() {
  static std::once_flag process_once;
  std::call_once(process_once, [] { dInitODE2(0); });  // also allocates for this thread
  thread_local bool thread_ready = false;
  if (!thread_ready) {
    dAllocateODEDataForThread(dAllocateMaskAll);  // a no-op when already allocated
    thread_ready = true;
  }
}

}  // namespace partlab
