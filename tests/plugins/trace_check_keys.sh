#!/usr/bin/env bash
# The Trace check view's N key as a real X11 event: on the trace written here (pairs of cubes
# sliding across the broken grid's cell boundaries), N from frame 0 shows the frame that
# --preset first-mismatch opens on (itself checked against brute force in trace_check_app_test),
# and a second N the one --preset first-mismatch,next opens on.
#   trace_check_keys.sh PARTLAB X11_INPUT GRID_BROKEN_PLUGIN
set -uo pipefail
partlab=$1 x11_input=$2 plugin=$3
smoke_screen=1280x720x24
source "$(dirname "${BASH_SOURCE[0]}")/../smoke_prelude.sh"

python3 "$(dirname "${BASH_SOURCE[0]}")/crossing_trace.py" "$tmp/crossing.aabbtrc"
# The frame a headless run shows with these --preset words.
frame_of() {
  "${xvfb[@]}" "$partlab" --plugin "$plugin" --view "Trace check" --trace "$tmp/crossing.aabbtrc" \
    --size 640x360 --msaa 0 --no-ui --screenshot "$tmp/shot.png" --preset "$1" 2>/dev/null |
    sed -n 's/^trace check: .*; frame \([0-9]*\): .*/\1/p'
}
first=$(frame_of first-mismatch) next=$(frame_of first-mismatch,next)
echo "--preset first-mismatch: frame $first; then next: frame $next"
[[ -n "$first" && -n "$next" && "$first" -gt 0 && "$next" -gt "$first" ]] ||
  fail "expected a first wrong frame after 0 and a next one after it, got '$first' '$next'"

shown() { grep -c '^partlab: trace check: frame' "$tmp/out"; }
cat >"$tmp/drive.sh" <<DRIVE
"$partlab" --plugin "$plugin" --view "Trace check" --trace "$tmp/crossing.aabbtrc" --size 640x360 \
  --msaa 0 --frames 100000 >"$tmp/out" 2>"$tmp/err" &
app=\$!
$wait_for_first_frame
sleep 1
"$x11_input" key n sleep 1500 key n sleep 1500 ctrl-key q
$wait_for_quit
DRIVE
run_drive
[[ $rc -eq 0 ]] || fail "exit code $rc, expected 0 after Ctrl+Q"
# Each jump prints the frame it shows; the run's report the frame it ended on.
jumps=$(sed -n 's/^partlab: trace check: frame \([0-9]*\) .*/\1/p' "$tmp/out" | tr '\n' ' ')
[[ "$jumps" == "$first $next " ]] || fail "N showed frames '$jumps', expected '$first $next '"
