#!/usr/bin/env bash
# The C++ sources against .clang-format: prints every place clang-format would change, file and
# line, and fails if there is one. Run by the test suite (ctest -R source_format);
# `clang-format -i FILE` fixes a file.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
command -v clang-format >/dev/null || {
  echo "check-format.sh: clang-format is not installed (scripts/install-deps.sh installs it)" >&2
  exit 77  # the test suite's "skipped"
}
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.cpp' '*.h')
else  # an unpacked source tree: the project's own folders
  mapfile -t files < <(find app engine bench tests -name '*.cpp' -o -name '*.h' | sort)
fi
clang-format --dry-run --Werror "${files[@]}"
echo "check-format.sh: ${#files[@]} files formatted as .clang-format says"
