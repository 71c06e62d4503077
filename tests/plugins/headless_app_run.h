// partlab run headless under xvfb-run at 1280x720 (llvmpipe, no multisampling) with a screenshot,
// its stdout and stderr kept: the app-level plugin tests read what the view printed and look at
// the pixels it drew. PARTLAB_APP is the executable's path (tests/plugins/CMakeLists.txt).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/temp_path.h"

namespace partlab {

struct AppRun {
  int status = 0;
  std::string out, err;
};

// The file's text; the file is removed (each run writes its own).
inline std::string Slurp(const std::string& path) {
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(path.c_str());
  return text;
}

// partlab ARGS --view VIEW --screenshot PNG, headless.
inline AppRun RunApp(const std::string& args, const std::string& png, const std::string& view) {
  const std::string out = TempPath("app.out"), err = TempPath("app.err");
  AppRun run;
  run.status = std::system(("xvfb-run -a -s '-screen 0 1280x720x24' " PARTLAB_APP " --view '" +
                            view + "' --size 1280x720 --msaa 0 --screenshot " + png + " " + args +
                            " > " + out + " 2> " + err)
                               .c_str());
  run.out = Slurp(out);
  run.err = Slurp(err);
  return run;
}

}  // namespace partlab
