// ODE needs one global initialisation per process and per-thread collision data in every thread
// that calls dCollide (ODE 0.16 manual, "Initialization"). PhysicsWorld calls this before it
// touches ODE, so callers never have to remember it.
#pragma once

namespace partlab {

// Idempotent and thread-safe: dInitODE2 once per process, ODE's thread data once per thread.
void EnsureOdeReadyForThisThread();

}  // namespace partlab
