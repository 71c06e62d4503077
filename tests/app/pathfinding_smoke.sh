#!/usr/bin/env bash
# Headless runs of the Path finding view (section 3.4) under xvfb-run, one scenario per call:
#   pathfinding_smoke.sh SCENARIO PARTLAB PNG_CHECK
# Each renders the view, checks the PNG (right size, not flat) and the lines the view prints about
# what the image shows.
set -uo pipefail
scenario=$1 partlab=$2 png_check=$3 x11_input=${4:-}
smoke_screen=1920x1080x24
source "$(dirname "${BASH_SOURCE[0]}")/../smoke_prelude.sh"
shot() {
  run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 3 --size 960x540 --msaa 0 \
    --view "Path finding" "$@"
  [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
  "$png_check" "$tmp/out.png" 960 540 || fail "screenshot check"
}
expanded() {  # the nodes expanded in the view's summary line
  [[ $(grep "partlab: path finding:" "$tmp/out") =~ ([0-9]+)\ nodes\ expanded ]] || fail "no summary"
  echo "${BASH_REMATCH[1]}"
}

case "$scenario" in
  astar)  # A* halfway and breadth-first on the same request: the heuristic saves expansions
    shot --preset rooms,astar,half
    grep -q "partlab: path finding: A\* on partlab_rooms.map, found: length [0-9.]*, 1 searches" \
      "$tmp/out" || fail "A* summary missing"
    a=$(expanded)
    shot --preset rooms,bfs
    b=$(expanded)
    (( a > 0 && b > a )) || fail "breadth-first expanded $b, A* $a: expected more"
    ;;
  straight-line)  # practice (8) on the open forest corner: either the line is free or A* runs
    shot --preset forest,straight
    grep -Eq "partlab: path finding: A\* on partlab_forest.map, (straight line|found)" "$tmp/out" ||
      fail "no straight-line answer"
    ;;
  predators-lua)  # 75 s of the Lua predators: they chased (A* searches) and someone changed state
    shot --preset rooms,lua,run75
    line=$(grep "partlab: predators ((3) Lua script)" "$tmp/out") || fail "no predator line"
    [[ $line =~ ([0-9]+)\ wait,\ ([0-9]+)\ chase,\ ([0-9]+)\ attack,\ ([0-9]+)\ die,\ ([0-9]+)\ searches ]] ||
      fail "cannot parse: $line"
    (( BASH_REMATCH[5] > 0 )) || fail "no predator ever searched: $line"
    (( BASH_REMATCH[1] < 5 )) || fail "every predator still waits: $line"
    ;;
  predators-macros)  # 75 s of the C++ macro predators: they chased and someone changed state
    shot --preset rooms,macros,run75
    line=$(grep "partlab: predators ((2) C++ macros" "$tmp/out") || fail "no predator line"
    [[ $line =~ ([0-9]+)\ wait,\ ([0-9]+)\ chase,\ ([0-9]+)\ attack,\ ([0-9]+)\ die,\ ([0-9]+)\ searches ]] ||
      fail "cannot parse: $line"
    (( BASH_REMATCH[5] > 0 )) || fail "no predator ever searched: $line"
    (( BASH_REMATCH[1] < 5 )) || fail "every predator still waits: $line"
    ;;
  bad-script)  # a Lua syntax error: one line with file and line, the app runs on
    printf 'BeginStateMachine {\n  OnEnter = function(npc) SetState("wait") end\n\nState "wait" {}\n' \
      >"$tmp/broken.lua"
    PARTLAB_PREDATOR_SCRIPT="$tmp/broken.lua" shot --preset rooms,lua,run2
    grep -q "partlab: predator script: $tmp/broken.lua:[0-9]*: " "$tmp/err" ||
      fail "no one-line script error"
    ;;
  portuguese)  # --lang pt_BR: the error a user reads is translated, the lines scripts read are not
    printf 'BeginStateMachine {\n  OnEnter = function(npc) SetState("wait") end\n\nState "wait" {}\n' \
      >"$tmp/broken.lua"
    PARTLAB_PREDATOR_SCRIPT="$tmp/broken.lua" shot --preset rooms,astar,lua --lang pt_BR
    grep -q "partlab: script do predador: $tmp/broken.lua:[0-9]*: " "$tmp/err" ||
      fail "the script error is not in Portuguese"
    grep -q "partlab: path finding: A\* on partlab_rooms.map, found: length [0-9.]*, 1 searches" \
      "$tmp/out" || fail "the summary line on stdout is not the English one scripts read"
    ;;
  endless-script)  # a handler that never returns: stopped by the instruction budget with one line
    # on stderr, and the frames are still drawn (the screenshot is taken after it)
    printf '%s\n' 'BeginStateMachine { OnEnter = function(npc) SetState("wait") end }' \
      'State "wait" { OnUpdate = function(npc)' '  while true do end' 'end }' \
      'State "chase" {} State "attack" {} State "die" {}' >"$tmp/loop.lua"
    PARTLAB_PREDATOR_SCRIPT="$tmp/loop.lua" shot --preset rooms,lua,run2
    grep -q "partlab: predator script: $tmp/loop.lua:3: OnUpdate of state 'wait' stopped: more than 200000 Lua instructions in one call" \
      "$tmp/err" || fail "no one-line budget error"
    (( $(grep -c "predator script:" "$tmp/err") == 1 )) || fail "not exactly one line"
    ;;
  hungry-script)  # a table of 1 MB strings: stopped at the memory cap with one line
    printf '%s\n' 't = {}' 'BeginStateMachine { OnEnter = function(npc) SetState("wait") end }' \
      'State "wait" { OnUpdate = function(npc)' \
      '  for i = 1, 100000 do t[#t + 1] = ("x"):rep(65536):rep(256) .. i end' 'end }' \
      'State "chase" {} State "attack" {} State "die" {}' >"$tmp/hungry.lua"
    PARTLAB_PREDATOR_SCRIPT="$tmp/hungry.lua" shot --preset rooms,lua,run2
    grep -q "partlab: predator script: $tmp/hungry.lua:4: OnUpdate of state 'wait' stopped: needs more than the 64 MiB a script may use" \
      "$tmp/err" || fail "no one-line memory error"
    (( $(grep -c "predator script:" "$tmp/err") == 1 )) || fail "not exactly one line"
    ;;
  bad-map)  # a map whose row is too short: one line with file and line; the shipped map stays
    printf 'type octile\nheight 2\nwidth 3\nmap\n...\n..\n' >"$tmp/short.map"
    shot --preset "rooms,map=$tmp/short.map"
    grep -q "partlab: $tmp/short.map:6: row has 2 characters, width is 3" "$tmp/err" ||
      fail "no one-line map error"
    grep -q "on partlab_rooms.map, found" "$tmp/out" || fail "the shipped map was not kept"
    ;;
  click)  # interactive: a double-click on the map places the goal and plans (one line), P saves
    # the frame, Ctrl+Q quits cleanly
    mkdir -p "$PARTLAB_CONFIG_DIR"
    printf 'panel.help=0\npanel.scene=0\npanel.stats=0\n' >"$PARTLAB_CONFIG_DIR/settings.ini"
    cat >"$tmp/drive.sh" <<DRIVE
"$partlab" --size 900x600 --msaa 0 --view "Path finding" >"$tmp/out" 2>"$tmp/err" &
app=\$!
$wait_for_first_frame
"$x11_input" sleep 500 double-click 250 420 sleep 700 key p sleep 500 ctrl-key q
$wait_for_quit
DRIVE
    run_drive
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0 after Ctrl+Q"
    grep -Eq "partlab: path finding: goal \([0-9]+, [0-9]+\): (found|straight line|no path)" \
      "$tmp/out" || fail "the double-click placed no goal"
    "$png_check" "$tmp/partlab-screenshot-1.png" 900 600 || fail "P did not save a screenshot"
    ;;
  *) fail "unknown scenario $scenario" ;;
esac
echo "ok: $scenario"
