#!/usr/bin/env bash
# Installs the build into a temporary prefix and runs the installed programs from outside the
# source tree: the installed partlab must find its shaders and assets under <prefix>/share/partlab
# and write a correct screenshot; no path of the source tree may be compiled into the binaries.
#   install_smoke.sh BUILD_DIR SOURCE_DIR PNG_CHECK CHECK_PATHS
# CHECK_PATHS=0 skips the search for source paths in the binaries: sanitizer and fuzzing builds
# record source file names in their instrumentation, and a Debug build's asserts do too.
set -uo pipefail
build=$1
source_dir=$2
png_check=$3
check_paths=${4:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
  fail "cmake --install: $(tail -3 "$tmp/install.log")"
for f in bin/partlab bin/partlab-bench share/partlab/shaders/background.vert \
    share/partlab/assets/models/bunny.obj; do
  [[ -e "$prefix/$f" ]] || fail "$f was not installed"
done
# Links would tie the installed copy to the build tree: the data must be real files.
[[ -L "$prefix/share/partlab/shaders" || -L "$prefix/share/partlab/assets" ]] &&
  fail "share/partlab holds links, not files"
for program in partlab partlab-bench; do
  [[ $check_paths == 1 ]] || break
  if strings "$prefix/bin/$program" | grep -F "$source_dir" >/dev/null; then
    fail "$program has the source tree's path compiled in: $(strings "$prefix/bin/$program" |
      grep -F "$source_dir" | head -1)"
  fi
done

# Run from / with a clean environment for our variables: nothing points back at the source tree.
cd /
unset PARTLAB_DATA_DIR PARTLAB_SHADER_DIR
export PARTLAB_CONFIG_DIR=$tmp/config PARTLAB_CACHE=$tmp/cache
xvfb-run -a -f "$tmp/Xauthority" -s "-screen 0 1920x1080x24" "$prefix/bin/partlab" --view Octree --preset cells \
  --size 640x360 --msaa 0 --screenshot "$tmp/shot.png" >"$tmp/out" 2>"$tmp/err" ||
  fail "installed partlab --screenshot failed: $(cat "$tmp/err")"
grep -qi "shader" "$tmp/err" && fail "installed partlab: $(grep -i shader "$tmp/err")"
grep -qF "$prefix/share/partlab/assets/models/bunny.obj" "$tmp/out" "$tmp/err" ||
  fail "installed partlab did not open the installed bunny: $(cat "$tmp/out")"
"$png_check" "$tmp/shot.png" 640 360 || fail "the installed partlab's screenshot is not right"
# The installed bunny and large level, briefly: the portal part at 10 frames, one pass, one density.
"$prefix/bin/partlab-bench" visibility --cameras 2 --frames 10 --repeat 1 --pvs-miss-densities 0.5 \
  >"$tmp/bench" 2>&1 ||
  fail "installed partlab-bench visibility: $(cat "$tmp/bench")"
grep -qF "$prefix/share/partlab/assets/models/bunny.obj" "$tmp/bench" ||
  fail "installed partlab-bench did not read the installed bunny"
# A lesson is found by its name in the installed share/partlab/assets/lessons (docs/lessons.md).
xvfb-run -a -f "$tmp/Xauthority" -s "-screen 0 1920x1080x24" "$prefix/bin/partlab" --lesson chapter_two_shaders \
  --export "$tmp/lesson" --size 640x360 --msaa 0 >"$tmp/lesson.out" 2>&1 ||
  fail "installed partlab --lesson chapter_two_shaders: $(tail -3 "$tmp/lesson.out")"
"$png_check" "$tmp/lesson/step-01.png" 640 360 || fail "the installed lesson's export is not right"
echo "install_smoke: partlab and partlab-bench run from $prefix"
