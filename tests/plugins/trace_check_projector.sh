#!/usr/bin/env bash
# The Trace check view on a classroom projector (1280x720) with what it shows only on a wrong
# frame (the timeline, the differing pairs, the export row): the broken grid on the crossing trace,
# opened on its first wrong frame, with no window cutting a line off (app/panels/cut_off_windows.h),
# in English and in Brazilian Portuguese.
#   trace_check_projector.sh PARTLAB PNG_CHECK GRID_BROKEN_PLUGIN
set -uo pipefail
partlab=$1 png_check=$2 plugin=$3
source "$(dirname "${BASH_SOURCE[0]}")/../smoke_prelude.sh"
python3 "$(dirname "${BASH_SOURCE[0]}")/crossing_trace.py" "$tmp/crossing.aabbtrc"
for language in en pt_BR; do
  run "${xvfb[@]}" "$partlab" --plugin "$plugin" --view "Trace check" --trace "$tmp/crossing.aabbtrc" \
    --preset first-mismatch --lang "$language" --size 1280x720 --msaa 0 --frames 5 \
    --screenshot "$tmp/projector.png"
  [[ $rc -eq 0 ]] || fail "exit code $rc"
  "$png_check" "$tmp/projector.png" 1280 720 || fail "screenshot check"
  grep -q "^partlab: trace check: frame [0-9]* ([1-9][0-9]* missing" "$tmp/out" ||
    fail "not opened on a wrong frame ($language)"
  if grep -q "^partlab: cut off:" "$tmp/out"; then
    fail "Trace check ($language) at 1280x720 on a wrong frame: a window cuts something off"
  fi
done
echo "trace_check_projector: ok"
