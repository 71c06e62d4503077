// A shared library opened with dlopen, and the entry table it exports: the part of loading a plugin
// that is the same for broad phases and ray structures (include/partlab/plugin.h).
#pragma once

#include <string>

#include "engine/io/load_result.h"

namespace partlab {

// An opened library. Plugins stay loaded for the life of the process: the broad phases made from
// them hold their function pointers, and a library unloaded under them would be a crash.
struct SharedLibrary {
  std::string path;
  void* handle = nullptr;
};

// Opens `path` (RTLD_NOW: a plugin with an unresolved symbol fails here, not mid-run), or one line
// "PATH: cannot load: <dlerror>".
LoadResult<SharedLibrary> OpenSharedLibrary(const std::string& path);

// Closes a library that failed the checks after it opened (nothing made from it exists yet).
void CloseSharedLibrary(SharedLibrary& lib);

// The address of `symbol` in `lib`, or one line "PATH: no symbol 'NAME' (...)".
LoadResult<void*> FindSymbol(const SharedLibrary& lib, const char* symbol);

// Checks the fields every plugin table starts with against this build's ABI: "" or the problem
// ("ABI version 1, this Partition Lab speaks 2"). `struct_size` must be at least `ours`.
std::string CheckAbi(uint32_t abi_version, uint32_t struct_size, size_t ours, const char* name);

}  // namespace partlab
