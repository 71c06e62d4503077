#!/usr/bin/env bash
# Fuzzing: builds the libFuzzer targets of tests/fuzz with clang
# (-DPARTLAB_FUZZ=ON: -fsanitize=fuzzer,address,undefined) in build-fuzz and runs each one for a
# bounded time on a copy of its seed corpus (tests/fuzz/corpus/<target>/ stays as committed).
#   scripts/fuzz.sh [seconds per target, default 60] [target ...]
#   targets: obj obj_extreme fit100 aabb_trace rayset hits sabsp moving_ai scene level lesson scenario
#            predator_script
# PARTLAB_FUZZ_SKIP_BUILD=1 runs what build-fuzz holds (to run two targets at once from one build).
# A crash leaves its input in build-fuzz/fuzz-out/<target>/crash-*; the script exits 1. Add the
# input to the corpus and a regression test to tests/io or tests/sabsp, then fix the cause.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
seconds=${1:-60}
[[ $# -gt 0 ]] && shift
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=(obj obj_extreme fit100 aabb_trace rayset hits sabsp moving_ai scene level lesson
  scenario predator_script)
build=${PARTLAB_FUZZ_BUILD_DIR:-build-fuzz}
jobs=${PARTLAB_JOBS:-$(nproc)}

if [[ -z ${PARTLAB_FUZZ_SKIP_BUILD:-} ]]; then
  CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DPARTLAB_FUZZ=ON -DPARTLAB_BUILD_APP=OFF -DPARTLAB_BUILD_BENCH=OFF >/dev/null
  cmake --build "$build" -j "$jobs" --target "${targets[@]/#/fuzz_}"
fi

status=0
for t in "${targets[@]}"; do
  work="$build/fuzz-out/$t"
  mkdir -p "$work/corpus"
  cp -n tests/fuzz/corpus/"$t"/* "$work/corpus/" 2>/dev/null || true
  echo "== fuzz_$t for ${seconds}s"
  # -rss_limit_mb: the readers must refuse sizes they cannot hold, not try to allocate them.
  # The readers take a path: each run writes its input to a scratch file, in memory when possible.
  if ! (cd "$work" && TMPDIR=${TMPDIR:-/dev/shm} ASAN_OPTIONS=detect_leaks=1 "$root/$build/tests/fuzz/fuzz_$t" corpus \
          -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
          2>"fuzz.log"); then
    status=1
    echo "fuzz_$t FAILED: see $work/fuzz.log and $work/crash-*" >&2
  fi
  grep -E "^(stat::number_of_executed_units|stat::new_units_added)|^#[0-9]+ +DONE" "$work/fuzz.log" || true
done
exit $status
