#!/usr/bin/env bash
# A game's programmer's path, outside our source tree: install the public headers (component
# partlab_dev), build a plugin and a recording program against them with find_package(PartitionLab),
# record a trace, and run the plugin in partlab-bench beside our brute force and in the app's Trace
# check view (headless, under xvfb-run), which compares it with brute force frame by frame.
#   installed_package.sh BUILD_DIR SOURCE_DIR PARTLAB_BENCH [PARTLAB]
set -uo pipefail
build=$1
source_dir=$2
bench=$3
app=${4:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
cmake --install "$build" --component partlab_dev --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 ||
  fail "cmake --install --component partlab_dev: $(tail -3 "$tmp/install.log")"
for f in include/partlab/record.h include/partlab/plugin.h \
    lib/cmake/PartitionLab/PartitionLabConfig.cmake; do
  [[ -e "$tmp/prefix/$f" || -e "$tmp/prefix/${f/lib\//lib64/}" ]] || fail "$f was not installed"
done

mkdir -p "$tmp/game"
cp "$source_dir/examples/grid_broad_phase.c" "$tmp/game/"
cat >"$tmp/game/record.c" <<'C'
/* Records 200 boxes falling in a column for 40 frames; box i appears at frame i / 10. */
#define PARTLAB_RECORD_IMPLEMENTATION
#include <partlab/record.h>
int main(int argc, char** argv) {
  partlab_recorder rec;
  unsigned f, i;
  if (argc < 2 || partlab_record_open(&rec, argv[1], 200, NULL) != 0) return 1;
  for (f = 0; f < 40; ++f) {
    partlab_record_begin_frame(&rec);
    for (i = 0; i < 200 && i / 10 <= f; ++i) {
      float lo[3], hi[3];
      lo[0] = (float)(i % 10) * 0.9f;
      lo[1] = 50.0f - 0.3f * (float)(f - i / 10) * (float)(f - i / 10);
      lo[2] = (float)(i % 7) * 0.8f;
      hi[0] = lo[0] + 1.0f;
      hi[1] = lo[1] + 1.0f;
      hi[2] = lo[2] + 1.0f;
      partlab_record_box(&rec, i, lo, hi);
    }
    partlab_record_end_frame(&rec);
  }
  if (partlab_record_close(&rec) != 0) {
    fprintf(stderr, "%s\n", partlab_record_error(&rec));
    return 1;
  }
  return 0;
}
C
cat >"$tmp/game/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.22)
project(game C)
find_package(PartitionLab 0.1 REQUIRED)
add_library(my_grid MODULE grid_broad_phase.c)
target_link_libraries(my_grid PRIVATE PartitionLab::headers m)
add_executable(record record.c)
target_link_libraries(record PRIVATE PartitionLab::headers)
set_target_properties(my_grid record PROPERTIES C_STANDARD 99 C_EXTENSIONS OFF)
CMAKE
cmake -S "$tmp/game" -B "$tmp/game/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" \
  >"$tmp/configure.log" 2>&1 || fail "the game's configure: $(tail -5 "$tmp/configure.log")"
cmake --build "$tmp/game/build" >"$tmp/build.log" 2>&1 ||
  fail "the game's build: $(tail -5 "$tmp/build.log")"
"$tmp/game/build/record" "$tmp/game.aabbtrc" || fail "the game's recorder failed"
"$bench" broadphase --trace "$tmp/game.aabbtrc" --algo brute,sap \
  --plugin "$tmp/game/build/libmy_grid.so" >"$tmp/bench.out" 2>&1 ||
  fail "partlab-bench with the game's plugin: $(tail -5 "$tmp/bench.out")"
grep -qE '^grid +[0-9.]+ .* ok$' "$tmp/bench.out" ||
  fail "no checked row for the game's grid: $(cat "$tmp/bench.out")"
if [[ -n $app ]]; then
  xvfb-run -a -s "-screen 0 1280x720x24" "$app" --no-ui --plugin "$tmp/game/build/libmy_grid.so" \
    --view "Trace check" --trace "$tmp/game.aabbtrc" --size 640x360 --msaa 0 \
    --screenshot "$tmp/app.png" >"$tmp/app.out" 2>&1 ||
    fail "partlab with the game's plugin: $(tail -5 "$tmp/app.out")"
  grep -qE "trace check: grid on $tmp/game.aabbtrc: 0 of [1-9][0-9]* frames differ from brute force" \
    "$tmp/app.out" || fail "the Trace check view did not check the game's grid: $(cat "$tmp/app.out")"
fi
echo "installed_package: a plugin and a recording built against $tmp/prefix ran in partlab-bench${app:+ and in the Trace check view}"
