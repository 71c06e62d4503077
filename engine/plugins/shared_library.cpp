#include "engine/plugins/shared_library.h"

#include <dlfcn.h>

#include <cstdint>

#include "engine/text/translatable.h"
#include "partlab/plugin.h"

namespace partlab {

LoadResult<SharedLibrary> OpenSharedLibrary(const std::string& path) {
  // dlopen searches the library path for a bare name: a plugin the user names is a file, so a
  // name without a slash is taken relative to the working directory.
  const std::string file = path.find('/') == std::string::npos ? "./" + path : path;
  void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = dlerror();
    return LoadResult<SharedLibrary>::Fail(
        path + ": " +
        FormatText(N_("cannot load: %s"), why ? why : LookUpText(N_("dlopen failed"))));
  }
  return LoadResult<SharedLibrary>::Ok({path, handle});
}

void CloseSharedLibrary(SharedLibrary& lib) {
  if (lib.handle) dlclose(lib.handle);
  lib.handle = nullptr;
}

LoadResult<void*> FindSymbol(const SharedLibrary& lib, const char* symbol) {
  dlerror();  // clear: a null symbol value is only an error when dlerror says so
  void* address = dlsym(lib.handle, symbol);
  if (const char* why = dlerror(); why || !address)
    return LoadResult<void*>::Fail(
        lib.path + ": " +
        FormatText(N_("no symbol '%s' (not a Partition Lab plugin of this kind?)"), symbol));
  return LoadResult<void*>::Ok(address);
}

std::string CheckAbi(uint32_t abi_version, uint32_t struct_size, size_t ours, const char* name) {
  if (abi_version != PARTLAB_PLUGIN_ABI_VERSION)
    return FormatText(N_("plugin ABI version %u, this Partition Lab speaks %u (rebuild it against "
                         "partlab/plugin.h)"),
                      unsigned(abi_version), unsigned(PARTLAB_PLUGIN_ABI_VERSION));
  if (struct_size < ours)
    return FormatText(N_("plugin table of %zu bytes, version %u's has %zu (rebuild it against "
                         "partlab/plugin.h)"),
                      size_t(struct_size), unsigned(abi_version), size_t(ours));
  if (!name || !*name) return LookUpText(N_("plugin has no name"));
  for (const char* c = name; *c; ++c)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_') || c - name >= 64)
      return FormatText(N_("plugin name '%s' is not [a-z0-9_], at most 64 characters"), name);
  return "";
}

}  // namespace partlab
