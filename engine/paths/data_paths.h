// Where partlab and partlab-bench find their run-time files, relative to their own executable so
// that an installed copy and the build tree both work and no source-tree path is compiled in:
//
//   <prefix>/bin/partlab                  <build>/app/partlab, <build>/bench/partlab-bench
//   <prefix>/share/partlab/shaders        <build>/share/partlab/shaders -> <source>/shaders
//   <prefix>/share/partlab/assets         <build>/share/partlab/assets  -> <source>/assets
//   <prefix>/share/partlab/scripts        <build>/share/partlab/scripts -> <source>/scripts
//                                         (the gnuplot files partlab-bench plots with)
//
// (the build tree's share/partlab is made of links at configure time, so an edited shader is
// reloaded from the source tree). The environment overrides each: PARTLAB_DATA_DIR (the folder
// holding shaders/ and assets/), PARTLAB_SHADER_DIR, PARTLAB_CACHE (large converted models).
#pragma once

#include <string>

namespace partlab {

// The folder holding the running executable ("" if the system cannot say).
std::string ExecutableDirectory();

// The folder holding shaders/ and assets/: $PARTLAB_DATA_DIR, else the first of
// <exe>/../share/partlab and <exe>/../../share/partlab that exists, else "share/partlab".
std::string DataDirectory();

// $PARTLAB_SHADER_DIR, else DataDirectory()/shaders.
std::string ShaderDirectory();

// DataDirectory()/assets: the small models, levels and maps shipped with partlab.
std::string AssetDirectory();

// Large converted models (scripts/fetch-models.sh): $PARTLAB_CACHE/models, else
// $HOME/.cache/partlab/models.
std::string ModelCacheDirectory();

}  // namespace partlab
