// Process exit codes, so scripts can tell the failures apart (main, the engine loop and the
// lessons' --export and --video runs return them).
#pragma once

namespace partlab {

enum ExitCode : int {
  kExitOk = 0,
  kExitRuntimeError = 1,  // e.g. the screenshot could not be written
  kExitBadInput = 2,      // bad flags (a bad --model is shown as an error line, not an exit)
  kExitNoDisplay = 3,
  kExitNoOpenGL33 = 4,
  kExitShaders = 5,
};

}  // namespace partlab
