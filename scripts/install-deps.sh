#!/usr/bin/env bash
# Installs the Debian packages Partition Lab needs, when run as root; otherwise prints the exact
# apt-get line and fails. Everything comes from Debian: no vendored libraries, no downloads.
set -euo pipefail

packages=(
  # toolchain
  cmake ninja-build g++ clang pkg-config
  # a compiler cache: a rebuild or another clone compiles only what changed (cmake/compiler_cache.cmake)
  ccache
  # the source style (.clang-format), checked by the test suite (scripts/check-format.sh)
  clang-format
  # libraries
  libglfw3-dev libglm-dev libstb-dev libimgui-dev python3-glad
  libgl-dev libgtest-dev libgmock-dev libbenchmark-dev
  # real engines' broad phases and physics, Embree for the octree bench
  libode-dev libbullet-dev libembree-dev
  # screenshots in docs/ compressed losslessly (optipng -o2)
  optipng
  # headless runs, shader validation, plots, models from npm
  xvfb xauth libgl1-mesa-dri glslang-tools gnuplot-nox npm
  # libFuzzer and the sanitizers' runtime for clang (scripts/fuzz.sh)
  libclang-rt-14-dev
  # synthetic X11 input for the app's input smoke test (tests/app/x11_input.cpp)
  libx11-dev
  # command lines of partlab and partlab-bench (CLI11, header-only)
  libcli11-dev
  # cpack -G DEB computes the package's Depends with dpkg-shlibdeps; the install test uses strings
  dpkg-dev binutils
  # the interface's translations: msgfmt compiles po/*.po, xgettext collects the shown strings
  gettext
  # the game AI: Lua 5.4 for the predator's scripted state machine
  liblua5.4-dev
  # lessons are TOML files (assets/lessons/), read with toml++ (header-only)
  libtomlplusplus-dev
  # partlab --video pipes frames to ffmpeg (optional at run time: without it --video says so in
  # one line); the test suite records a video and reads it back with ffprobe, so tests need it
  ffmpeg
  # the UI's font (app/ui_fonts.h); the font coverage test reads its character map
  fonts-dejavu-core
)

missing=()
for p in "${packages[@]}"; do
  # npm only fetches the models; one from a non-Debian nodejs (e.g. NodeSource's, which conflicts
  # with Debian's npm package) serves as well.
  [[ "$p" == npm ]] && command -v npm >/dev/null && continue
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -eq 0 ]]; then
  echo "partlab: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "partlab: missing Debian packages; run:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
