#!/usr/bin/env bash
# Headless runs of the Visibility view under xvfb-run, one scenario per invocation:
#   visibility_smoke.sh SCENARIO PARTLAB PNG_CHECK
# Each renders one mode on the committed bunny, checks the PNG (right size, not flat) and the line
# the view prints about what the image shows.
set -uo pipefail
scenario=$1 partlab=$2 png_check=$3
source "$(dirname "${BASH_SOURCE[0]}")/../smoke_prelude.sh"
shot() {
  "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 4 --size 640x360 --msaa 0 \
    --model bunny --view Visibility "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  cat "$tmp/out"; cat "$tmp/err" >&2
  [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
  "$png_check" "$tmp/out.png" 640 360 || fail "screenshot check"
}

case "$scenario" in
  frustum)  # some of the bunny culled, some drawn; every tested cell has a class
    shot --preset frustum,split --no-ui
    line=$(grep "partlab: visibility frustum:" "$tmp/out") || fail "no frustum line"
    [[ $line =~ ([0-9]+)\ of\ ([0-9]+)\ triangles\ drawn,\ ([0-9]+)\ cells\ tested\ \(([0-9]+)\ outside,\ ([0-9]+)\ inside,\ ([0-9]+)\ intersecting\) ]] ||
      fail "cannot parse: $line"
    drawn=${BASH_REMATCH[1]} total=${BASH_REMATCH[2]} tested=${BASH_REMATCH[3]}
    (( total == 3674 && drawn > 0 && drawn < total )) || fail "implausible counts: $line"
    (( tested == BASH_REMATCH[4] + BASH_REMATCH[5] + BASH_REMATCH[6] )) || fail "classes: $line"
    ;;
  backface)  # a closed model seen from outside: between a third and two thirds culled
    shot --preset backface,observer --no-ui
    line=$(grep "partlab: visibility backface:" "$tmp/out") || fail "no backface line"
    [[ $line =~ ([0-9]+)\ of\ ([0-9]+)\ triangles\ culled ]] || fail "cannot parse: $line"
    (( BASH_REMATCH[1] * 3 > BASH_REMATCH[2] && BASH_REMATCH[1] * 3 < 2 * BASH_REMATCH[2] )) ||
      fail "implausible count: $line"
    ;;
  room)  # the BSP room with subtree culling: every polygon placed, some culled, none lost
    shot --preset room,split
    line=$(grep "partlab: visibility room:" "$tmp/out") || fail "no room line"
    [[ $line =~ ([0-9]+)\ polygons\ \(([0-9]+)\ input,\ ([0-9]+)\ splits.*\),\ ([0-9]+)\ drawn\ back\ to\ front,\ ([0-9]+)\ subtrees\ culled ]] ||
      fail "cannot parse: $line"
    (( BASH_REMATCH[1] == BASH_REMATCH[2] + BASH_REMATCH[3] )) || fail "pieces: $line"
    (( BASH_REMATCH[4] > 0 && BASH_REMATCH[4] < BASH_REMATCH[1] && BASH_REMATCH[5] > 0 )) ||
      fail "nothing culled or nothing drawn: $line"
    ;;
  room-no-cull)  # without subtree culling every polygon is painted
    shot --preset room,god,no-cull
    line=$(grep "partlab: visibility room:" "$tmp/out") || fail "no room line"
    [[ $line =~ ([0-9]+)\ polygons.*\),\ ([0-9]+)\ drawn ]] || fail "cannot parse: $line"
    (( BASH_REMATCH[1] == BASH_REMATCH[2] )) || fail "polygons missing: $line"
    ;;
  book)  # the chapter's example with the frustum of figure 3.4: 6 5 8 7 drawn, 1-4 and 9 culled
    shot --preset book,split
    grep -q "partlab: visibility book: drawing order 6 5 8 7; culled 1 2 3 4 9$" "$tmp/out" ||
      fail "not the book's culled order"
    ;;
  book-no-cull)  # without culling: the book's order 3, 2, 4, 1, 6, 5, 8, 7, 9
    shot --preset book,observer,no-cull
    grep -q "partlab: visibility book: drawing order 3 2 4 1 6 5 8 7 9; culled$" "$tmp/out" ||
      fail "not the book's order"
    ;;
  geometry-stage)  # the projected-sign test culls about as many as the angle test
    shot --preset backface,observer,geometry-stage --no-ui
    line=$(grep "partlab: visibility backface:" "$tmp/out") || fail "no backface line"
    [[ $line =~ ([0-9]+)\ of\ ([0-9]+)\ triangles\ culled.*projected\ sign\):\ ([0-9]+)\ culled,\ ([0-9]+)\ differ ]] ||
      fail "cannot parse: $line"
    (( BASH_REMATCH[3] > 0 && BASH_REMATCH[4] * 100 < BASH_REMATCH[2] )) ||
      fail "the two tests disagree on more than 1%: $line"
    ;;
  portuguese)  # --lang pt_BR: the notice a user reads is translated, the book's line on stdout
    # (what scripts read) stays English
    shot --preset book,split,sideways --lang pt_BR
    grep -q "^partlab: --preset: 'sideways' não significa nada para a vista Visibilidade" \
      "$tmp/err" || fail "the notice is not in Portuguese"
    grep -q "partlab: visibility book: drawing order 6 5 8 7; culled 1 2 3 4 9$" "$tmp/out" ||
      fail "the book's line on stdout is not the English one"
    ;;
  bad-preset)  # an unknown word: one line naming it, the rest of the preset still applies
    shot --preset room,sideways
    grep -q "^partlab: --preset: 'sideways' means nothing to the Visibility view" "$tmp/err" ||
      fail "no warning line"
    grep -q "partlab: visibility room:" "$tmp/out" || fail "the room preset was not applied"
    ;;
  *) fail "unknown scenario $scenario" ;;
esac
echo "ok: visibility $scenario"
