// The Portuguese of one entry as po/pt_BR.po writes it, read straight from the file: the
// independent answer the translation tests hold the compiled catalogue and the engine's lookup to.
#pragma once

#include <fstream>
#include <string>

#include "test_paths.h"

namespace partlab::test {

// The msgstr that follows `msgid "ID"` in po/pt_BR.po; "" when there is none. Single-line entries
// without escapes only: the tests pick such entries.
inline std::string PortugueseFromPoFile(const std::string& id) {
  std::ifstream in(PARTLAB_SOURCE_DIR "/po/pt_BR.po");
  std::string line;
  while (std::getline(in, line))
    if (line == "msgid \"" + id + "\"" && std::getline(in, line) && line.rfind("msgstr \"", 0) == 0)
      return line.substr(8, line.size() - 9);
  return "";
}

}  // namespace partlab::test
