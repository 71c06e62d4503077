#!/usr/bin/env bash
# The Welcome window (app/welcome/) and the first start, run as a user would, one scenario per
# invocation:
#   welcome_smoke.sh SCENARIO PARTLAB PNG_CHECK X11_INPUT
# The clicks land on the window as it lays itself out at 1280x720 with DejaVu Sans 15 px (centred,
# 1250x690): the Octree card is the left one of the second row, the "Show at start" checkbox at
# the bottom left, the octree paper's second lesson (octree_construction, in file-name order) near
# the top of the right-hand list. partlab names what each click did on stdout, and the settings it
# writes on the way out show that the view really changed.
set -uo pipefail
scenario=$1 partlab=$2 png_check=$3 x11_input=$4
smoke_screen=1280x720x24
source "$(dirname "${BASH_SOURCE[0]}")/../smoke_prelude.sh"

readonly octree_card=(150 250) show_at_start=(91 681) construction_lesson=(840 209)
shown() { grep -c '^partlab: welcome window shown' "$tmp/out"; }
setting() { sed -n "s/^$1=//p" "$PARTLAB_CONFIG_DIR/settings.ini"; }
# Starts partlab in the background, waits for its first frame, sends the x11_input commands given,
# waits (up to 60 s) for a stdout line matching WAIT (a view built after a click may take a while on
# a busy machine, and a Ctrl+Q sent meanwhile would be missed), then Ctrl+Q held a second (a frame
# at 1280x720 under llvmpipe on a busy machine may be slower than a quick key).
#   drive "PARTLAB ARGS" WAIT COMMANDS...
drive() {
  local args=$1 wait=$2
  shift 2
  cat >"$tmp/drive.sh" <<DRIVE
"$partlab" $args >"$tmp/out" 2>"$tmp/err" &
app=\$!
$wait_for_first_frame
"$x11_input" sleep 500 $*
for i in \$(seq 600); do grep -q '$wait' '$tmp/out' && break; sleep 0.1; done
"$x11_input" sleep 800 hold 1000 ctrl-key q
$wait_for_quit
DRIVE
  run_drive
  [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0 after Ctrl+Q"
}
# A configuration that is not a first start: the Help window closed, "Show at start" as given.
configure() {
  mkdir -p "$PARTLAB_CONFIG_DIR"
  printf 'panel.help=0\n' >"$PARTLAB_CONFIG_DIR/settings.ini"
  [[ -z "$1" ]] || printf '%s\n' "$1" >>"$PARTLAB_CONFIG_DIR/settings.ini"
}

case "$scenario" in
  first-start)  # no settings: an interactive run (not a screenshot) shows the window and opens on
    # the Simulation view; the next start, with the settings written, does not show it
    run "${xvfb[@]}" "$partlab" --frames 20 --size 1280x720 --msaa 0
    [[ $rc -eq 0 ]] || fail "first start: exit code $rc"
    [[ $(shown) -eq 1 ]] || fail "the first start did not show the Welcome window"
    grep -q "^partlab: first start: the Simulation view" "$tmp/out" || fail "no first-start line"
    # The Simulation view's own measured-run report: it is the view that ran the frames.
    grep -q "^partlab: simulation medians over" "$tmp/out" || fail "the Simulation view did not run"
    [[ $(setting view) == Simulation ]] || fail "settings.ini has view=$(setting view)"
    run "${xvfb[@]}" "$partlab" --frames 3 --size 1280x720 --msaa 0
    [[ $rc -eq 0 ]] || fail "second start: exit code $rc"
    [[ $(shown) -eq 0 ]] || fail "the second start showed the Welcome window again"
    ! grep -q "^partlab: first start" "$tmp/out" || fail "the second start chose the scene again"
    ;;
  first-start-asked)  # a first start that names a view or a model gets it; the window still shows
    run "${xvfb[@]}" "$partlab" --frames 3 --size 1280x720 --msaa 0 --model bunny
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    [[ $(shown) -eq 1 ]] || fail "the first start did not show the Welcome window"
    ! grep -q "^partlab: first start" "$tmp/out" || fail "--model was overridden by the showcase"
    [[ $(setting view) == "Mesh viewer" ]] || fail "settings.ini has view=$(setting view)"
    ;;
  click-view)  # a click on the Octree card switches to the Octree view and closes the window
    configure welcome.show_at_start=1
    drive "--size 1280x720 --msaa 0 --model bunny" '^partlab: welcome: view Octree' \
      click "${octree_card[@]}"
    [[ $(shown) -eq 1 ]] || fail "'Show at start' did not show the window"
    grep -q "^partlab: welcome: view Octree$" "$tmp/out" || fail "the click chose no view"
    grep -q "^partlab: octree view: model" "$tmp/out" || fail "the Octree view was not built"
    [[ $(setting view) == Octree ]] || fail "settings.ini has view=$(setting view), not Octree"
    ;;
  click-lesson)  # a click on a lesson opens it at its first step, as the Lessons window does
    configure welcome.show_at_start=1
    drive "--size 1280x720 --msaa 0 --model bunny" '^partlab: octree_construction: step 1' \
      click "${construction_lesson[@]}"
    grep -q "^partlab: welcome: lesson octree_construction$" "$tmp/out" ||
      fail "the click chose no lesson"
    grep -q "^partlab: octree_construction: step 1 of [0-9]*: The root and its octants$" \
      "$tmp/out" || fail "the lesson's first step was not shown"
    ;;
  show-at-start-off)  # unticking "Show at start" is kept: the next start does not show the window
    configure welcome.show_at_start=1
    drive "--size 1280x720 --msaa 0 --model bunny" '^partlab: first frame' click "${show_at_start[@]}"
    [[ $(shown) -eq 1 ]] || fail "'Show at start' did not show the window"
    [[ $(setting welcome.show_at_start) == 0 ]] ||
      fail "settings.ini has welcome.show_at_start=$(setting welcome.show_at_start) after unticking"
    run "${xvfb[@]}" "$partlab" --frames 3 --size 1280x720 --msaa 0 --model bunny
    [[ $rc -eq 0 ]] || fail "next start: exit code $rc"
    [[ $(shown) -eq 0 ]] || fail "the window showed although 'Show at start' was unticked"
    ;;
  home-key)  # Home opens the window at any time
    configure ''
    drive "--size 1280x720 --msaa 0 --model bunny" '^partlab: welcome window shown' hold 1000 key Home
    [[ $(shown) -eq 1 ]] || fail "Home did not open the Welcome window"
    ;;
  screenshot)  # a screenshot run shows it only with --welcome; at 1280x720 nothing is cut off
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/plain.png" --frames 2 --size 320x240 --msaa 0
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    [[ $(shown) -eq 0 ]] || fail "a screenshot run without --welcome showed the window"
    for lang in en pt_BR; do
      run "${xvfb[@]}" "$partlab" --welcome --lang $lang --screenshot "$tmp/$lang.png" \
        --size 1280x720 --msaa 0 --model bunny
      [[ $rc -eq 0 ]] || fail "$lang: exit code $rc"
      [[ $(shown) -eq 1 ]] || fail "$lang: --welcome did not show the window"
      "$png_check" "$tmp/$lang.png" 1280 720 || fail "$lang: screenshot check"
      if grep -q "^partlab: cut off:" "$tmp/out"; then
        fail "$lang at 1280x720: $(grep '^partlab: cut off:' "$tmp/out")"
      fi
    done
    ;;
  missing-thumbnail)  # a missing, a broken and a huge thumbnail are plain boxes, not errors
    data="$tmp/data"
    mkdir -p "$data/assets/thumbnails"
    source_data=$(dirname "$partlab")/../share/partlab
    ln -s "$(cd "$source_data" && pwd -P)/shaders" "$data/shaders"
    for dir in "$source_data"/assets/*/; do
      dir=$(cd "$dir" && pwd -P)
      [[ $(basename "$dir") == thumbnails ]] || ln -s "$dir" "$data/assets/"
    done
    printf 'not a png' >"$data/assets/thumbnails/octree.png"
    printf 'P6\n4000 10\n255\n' >"$data/assets/thumbnails/simulation.png"  # 4000 px wide
    head -c 30000 /dev/zero >>"$data/assets/thumbnails/simulation.png"
    run env PARTLAB_DATA_DIR="$data" "${xvfb[@]}" "$partlab" --welcome --screenshot "$tmp/out.png" \
      --size 1280x720 --msaa 0 --model bunny
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    [[ $(shown) -eq 1 ]] || fail "the window was not shown"
    ! grep -qi "thumbnail" "$tmp/err" || fail "a missing thumbnail was reported as an error"
    "$png_check" "$tmp/out.png" 1280 720 || fail "screenshot check"
    ;;
  *) fail "unknown scenario $scenario" ;;
esac
echo "ok: $scenario"
