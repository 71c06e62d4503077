#!/usr/bin/env bash
# Headless runs of the Portals view under xvfb-run, one scenario per invocation:
#   portals_smoke.sh SCENARIO PARTLAB PNG_CHECK
# Each renders the view, checks the PNG (right size, not flat) and the line the view prints about
# what the image shows.
set -uo pipefail
scenario=$1 partlab=$2 png_check=$3
smoke_screen=1920x1080x24
source "$(dirname "${BASH_SOURCE[0]}")/../smoke_prelude.sh"
shot() {
  "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 4 --size 960x540 --msaa 0 \
    --view Portals "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  cat "$tmp/out"; cat "$tmp/err" >&2
  [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
  "$png_check" "$tmp/out.png" 960 540 || fail "screenshot check"
}
# "level NAME, C cells, P polygons, observer in X; 2-D windows: a cells, b polygons drawn, ...;
# frusta: c cells, d polygons drawn, ...; PVS + frustum: e polygons drawn; frustum alone: f"
parse() {
  line=$(grep "partlab: portals:" "$tmp/out") || fail "no portals line"
  [[ $line =~ level\ ([a-z0-9x-]+),\ ([0-9]+)\ cells,\ ([0-9]+)\ polygons,\ observer\ in\ ([a-z0-9]+)\;\ 2-D\ windows:\ ([0-9]+)\ cells,\ ([0-9]+)\ polygons.*frusta:\ ([0-9]+)\ cells,\ ([0-9]+)\ polygons.*PVS\ \+\ frustum:\ ([0-9]+).*frustum\ alone:\ ([0-9]+) ]] ||
    fail "cannot parse: $line"
  level=${BASH_REMATCH[1]} cells=${BASH_REMATCH[2]} polygons=${BASH_REMATCH[3]}
  wc=${BASH_REMATCH[5]} wp=${BASH_REMATCH[6]} fc=${BASH_REMATCH[7]} fp=${BASH_REMATCH[8]}
  pvs=${BASH_REMATCH[9]} frustum=${BASH_REMATCH[10]}
}

case "$scenario" in
  class)  # the class level: both variants reach the same cells; portals draw fewer than frustum
    shot --preset class,frusta,at=4
    parse
    [[ $level == class ]] && (( cells == 7 && polygons == 73 )) || fail "wrong level: $line"
    (( wc == fc && wc >= 2 && wc <= cells )) || fail "variants disagree or nothing seen: $line"
    (( wp > 0 && wp < frustum && frustum <= polygons )) || fail "implausible counts: $line"
    ;;
  large)  # the large level: hundreds of cells, portals cull almost everything
    shot --preset large,windows,at=40
    parse
    (( cells >= 200 && polygons >= 2000 )) || fail "not a large level: $line"
    (( wc == fc && wp * 20 < frustum && pvs < frustum )) || fail "implausible counts: $line"
    ;;
  corridor)  # the generated 3,000-cell corridor: the frames come while its PVS is being built
    shot --preset corridor,at=30
    parse
    (( cells == 3000 )) || fail "not the corridor: $line"
    [[ $line =~ PVS\ building\ \(([0-9]+)%\) ]] || fail "the PVS is not being built in slices: $line"
    (( BASH_REMATCH[1] < 100 )) || fail "the build finished before the first frames: $line"
    (( wc == fc && wp > 0 && wp * 100 < polygons )) || fail "implausible counts: $line"
    ;;
  bad-preset)  # an unknown word: one line naming it, the rest of the preset still applies
    shot --preset large,sideways
    grep -q "^partlab: --preset: 'sideways' means nothing to the Portals view" "$tmp/err" ||
      fail "no warning line"
    parse
    (( cells >= 200 )) || fail "the large level was not loaded: $line"
    ;;
  portuguese)  # --lang pt_BR: the notice a user reads is translated, the summary line (what
    # scripts read) stays English
    shot --preset large,sideways --lang pt_BR
    grep -q "^partlab: --preset: 'sideways' não significa nada para a vista Portais" "$tmp/err" ||
      fail "the notice is not in Portuguese"
    parse
    (( cells >= 200 )) || fail "the large level was not loaded: $line"
    ;;
  *) fail "unknown scenario $scenario" ;;
esac
echo "ok: portals $scenario"
